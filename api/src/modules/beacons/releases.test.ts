import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createReleases, VERSIONS_PER_APP } from './releases';
import { runtimeConfig, servePortalConfig } from './testing';

describe('the releases counted by name', () => {
  let portal: Awaited<ReturnType<typeof servePortalConfig>>;
  before(async () => {
    portal = await servePortalConfig(runtimeConfig({ mfVisa: '1.0.0' }));
  });
  after(() => portal.close());

  it(`keeps the ${VERSIONS_PER_APP} named last, the later reading first when two readings share an instant`, async () => {
    const releases = createReleases({
      urls: [portal.url],
      log: { warn: () => undefined, info: () => undefined },
      onNamed: () => undefined,
      onDropped: () => undefined,
      // A clock that does not move: every reading at one instant, as two readings within a millisecond are.
      now: () => 1_000,
    });
    for (let minor = 0; minor <= VERSIONS_PER_APP + 1; minor += 1) {
      portal.set(runtimeConfig({ mfVisa: `1.${minor}.0` }));
      await releases.refresh();
    }
    const kept = releases
      .versions()
      .filter(({ app }) => app === 'mfVisa')
      .map(({ version }) => version)
      .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
    assert.deepEqual(
      kept,
      Array.from({ length: VERSIONS_PER_APP }, (_, n) => `1.${n + 2}.0`),
    );
  });
});
