import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { BEACON_MAX_EVENTS, type BeaconEvent } from '@varco/contracts';
import type { InjectOptions } from 'fastify';
import { describeEachDatabase, logCollector, type TestApp } from '../../test/app';
import { scrape, type Scrape } from '../../test/scrape';
import { until } from '../../test/wait';
import { RETAINED_MS, UNREADABLE_WARNING_MS, VERSIONS_PER_APP } from './releases';
import { BEACON_BODY_LIMIT, BEACON_RATE_LIMIT_MAX } from './routes';
import { runtimeConfig, servePortalConfig } from './testing';

const URL = '/api/v1/public/beacons';
const REFUSALS = 'varco_rate_limit_refusals_total';
const LOADS = 'varco_remote_loads_total';
const FAILURES = 'varco_remote_load_failures_total';
const REPORTERS = 'varco_beacon_reporters_total';
const VERSIONS = 'varco_beacon_versions';
/** A minute the tests hold still: the limit's window never turns during a test. */
const FIXED_NOW = Date.UTC(2026, 10, 28, 10, 0, 30);
/** The configuration is read again this often in these tests (milliseconds). */
const REFRESH_MS = 20;

const release = { app: 'mfInvoices', version: '0.3.0', canary: true } as const;
const lcp: BeaconEvent = { type: 'vital', name: 'LCP', value: 1800, page: 'invoices', ...release };
const inp: BeaconEvent = { type: 'vital', name: 'INP', value: 120, page: 'invoices', ...release };
const cls: BeaconEvent = { type: 'vital', name: 'CLS', value: 0.08, page: 'invoices', ...release };
const loaded: BeaconEvent = { type: 'remote-load', outcome: 'ok', ...release };
const notRendered: BeaconEvent = { type: 'remote-load', outcome: 'failed', reason: 'render', ...release };
const calls: BeaconEvent = { type: 'api-calls', page: 'invoices', ok: 7, failed: 2, ...release };
/** The portal of the first suite: mfInvoices 0.2.0, its canary 0.3.0, mfVisa 1.0.0. */
const PORTAL = runtimeConfig({ mfInvoices: '0.2.0', mfVisa: '1.0.0' }, { remote: 'mfInvoices', version: '0.3.0' });

let addresses = 0;
/** Each test posts from an address of its own: the apps of a file share their limits, as instances do. */
const newAddress = () => `10.71.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

/** A report as a browser's sendBeacon posts it: no portal header, no cookie; a string goes as text/plain. */
function post(app: TestApp, body: unknown, options: Partial<InjectOptions> & { type?: string } = {}) {
  const { type = 'text/plain;charset=UTF-8', headers, ...rest } = options;
  return app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': type, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: '10.70.0.1',
    ...rest,
  });
}

const load = (app: string, version: string, outcome: 'ok' | 'failed' = 'ok', canary = false) =>
  ({
    type: 'remote-load',
    outcome,
    app,
    version,
    canary,
    ...(outcome === 'failed' ? { reason: 'network' } : {}),
  }) as const;

/** The versions of `app` with series of their own, as a scrape shows them. */
const versionsIn = (metrics: Scrape, name: string, app: string, label = 'remote') =>
  [
    ...new Set(
      metrics
        .labelsOf(name)
        .filter((labels) => labels[label] === app)
        .map((labels) => labels.version),
    ),
  ].sort();

describeEachDatabase('browsers’ reports (beacons)', ({ buildBare }) => {
  let app: TestApp;
  let metrics: () => Promise<Scrape>;
  let portal: Awaited<ReturnType<typeof servePortalConfig>>;
  const logs = logCollector();
  before(async () => {
    portal = await servePortalConfig(PORTAL);
    app = buildBare(
      {
        metrics: { host: '127.0.0.1', port: 0 },
        logLevel: 'trace',
        runtimeConfig: { urls: [portal.url], refreshMs: 60_000 },
      },
      { logStream: logs.stream, limits: { now: () => FIXED_NOW } },
    );
    await app.ready();
    metrics = () => scrape(`${app.metrics.url}/metrics`);
    await until(
      'the runtime configuration read',
      async () => (await metrics()).value(VERSIONS, { version: '0.3.0' }) === 1,
    );
  });
  after(() => portal.close());

  it('counts each kind of event into its family, and answers 204 to a report sent as text/plain or JSON', async () => {
    const before = await metrics();
    const answer = await post(app, { events: [lcp, inp, cls, loaded, notRendered, calls] });
    assert.equal(answer.statusCode, 204, answer.body);
    assert.equal(answer.body, '');
    assert.equal(answer.headers['cache-control'], 'no-store');
    const json = await post(app, { events: [loaded] }, { type: 'application/json' });
    assert.equal(json.statusCode, 204, json.body);

    const after = await metrics();
    const remote = { remote: 'mfInvoices', version: '0.3.0', canary: 'true' };
    const page = { page: 'invoices', app: 'mfInvoices', version: '0.3.0', canary: 'true' };
    const grown = (name: string, labels: Record<string, string>) =>
      (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
    // One load of the remote per report: the first report's load failed (its Retry showed it), the second's did not.
    assert.equal(grown(LOADS, remote), 2);
    assert.equal(grown(FAILURES, { ...remote, reason: 'render' }), 1);
    // The other reasons exist from the first load, at 0: a failure ratio has its series before the first failure.
    assert.equal(after.value(FAILURES, { ...remote, reason: 'contract' }), 0);
    // Milliseconds in, seconds out (CLS has no unit): 1.8 s falls in the 2 s bucket, not in the 1.5 s one.
    assert.equal(grown('varco_web_vitals_lcp_seconds_count', page), 1);
    assert.equal(grown('varco_web_vitals_lcp_seconds_sum', page), 1.8);
    assert.equal(grown('varco_web_vitals_lcp_seconds_bucket', { ...page, le: '1.5' }), 0);
    assert.equal(grown('varco_web_vitals_lcp_seconds_bucket', { ...page, le: '2' }), 1);
    assert.equal(grown('varco_web_vitals_inp_seconds_sum', page), 0.12);
    assert.equal(grown('varco_web_vitals_inp_seconds_bucket', { ...page, le: '0.1' }), 0);
    assert.equal(grown('varco_web_vitals_inp_seconds_bucket', { ...page, le: '0.15' }), 1);
    assert.equal(grown('varco_web_vitals_cls_sum', page), 0.08);
    assert.equal(grown('varco_web_vitals_cls_bucket', { ...page, le: '0.1' }), 1);
    assert.equal(grown('varco_page_api_calls_total', { ...page, outcome: 'ok' }), 7);
    assert.equal(grown('varco_page_api_calls_total', { ...page, outcome: 'failed' }), 2);
    for (const name of [LOADS, FAILURES, 'varco_page_api_calls_total', REPORTERS])
      assert.equal(after.types.get(name), 'counter', name);
    for (const name of ['varco_web_vitals_lcp_seconds', 'varco_web_vitals_inp_seconds', 'varco_web_vitals_cls'])
      assert.equal(after.types.get(name), 'histogram', name);
    assert.equal(after.types.get(VERSIONS), 'gauge');
  });

  it('needs no cookie, no session and no portal header, from the portal or from another site', async () => {
    const visa = { remote: 'mfVisa', version: '1.0.0', canary: 'false' };
    const before = (await metrics()).value(LOADS, visa);
    const report = { events: [load('mfVisa', '1.0.0')] };
    const sent = [
      await post(app, report),
      await post(app, report, { headers: { origin: 'https://elsewhere.example.net', 'sec-fetch-site': 'cross-site' } }),
      await post(app, report, { headers: { cookie: 'varco_session=not-a-session' } }),
    ];
    assert.deepEqual(
      sent.map((answer) => answer.statusCode),
      [204, 204, 204],
    );
    const after = (await metrics()).value(LOADS, visa);
    assert.equal((after ?? 0) - (before ?? 0), 3);
  });

  it('refuses with 400, in the caller’s language, anything but a valid report, and counts nothing of it', async () => {
    const before = await metrics();
    const cases: Array<[string, unknown, Partial<InjectOptions> & { type?: string }]> = [
      ['malformed JSON (text/plain)', '{"events": [', {}],
      ['malformed JSON (application/json)', '{"events": [', { type: 'application/json' }],
      ['a form instead of JSON', 'events=1', { type: 'application/x-www-form-urlencoded' }],
      ['no content type', JSON.stringify({ events: [loaded] }), { type: '' }],
      ['an empty body', '', { type: 'application/json' }],
      ['an empty list', { events: [] }, {}],
      ['no list', {}, {}],
      ['an unknown field', { events: [loaded], email: 'mario.rossi@example.com' }, {}],
      ['an unknown field in an event', { events: [{ ...loaded, user: 'mario.rossi@example.com' }] }, {}],
      ['an unknown event type', { events: [{ ...loaded, type: 'page-view' }] }, {}],
      ['a value of the wrong type', { events: [{ ...lcp, value: '1800' }] }, {}],
      ['a page not in the list', { events: [{ ...lcp, page: '/protected/visas?id=42' }] }, {}],
      ['a version out of its pattern', { events: [{ ...loaded, version: 'mario.rossi@example.com' }] }, {}],
      ['half of a surrogate pair in a version', { events: [{ ...loaded, version: '0.3.0-\ud800' }] }, {}],
      ['too many events', { events: Array.from({ length: BEACON_MAX_EVENTS + 1 }, () => loaded) }, {}],
      ['a body over the limit', { events: [loaded], padding: 'x'.repeat(BEACON_BODY_LIMIT) }, {}],
      ['one valid event beside an invalid one', { events: [loaded, { ...calls, ok: -1 }] }, {}],
    ];
    for (const [what, body, options] of cases) {
      const answer = await post(app, body, { ...options, headers: { 'accept-language': 'IT' } });
      assert.equal(answer.statusCode, 400, `${what}: ${answer.body}`);
      const { detail } = answer.json<{ detail: string }>();
      assert.ok(detail.length > 0 && !/request|not valid/i.test(detail), `${what}: an Italian detail, not "${detail}"`);
    }
    // The usual texts: the schema's field by field, a too large or a non-JSON body its own. A field the call does not
    // know is told on the object that holds it: the poster's key is never echoed.
    const unknown = await post(app, { events: [loaded], email: 'x' });
    assert.deepEqual(unknown.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { generic: 'Unknown field' },
    });
    const key = await post(app, `{"events":[${JSON.stringify(loaded).slice(0, -1)},"\\u0000KEY":1}]}`);
    assert.deepEqual(key.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { 'events.0': 'Unknown field' },
    });
    assert.doesNotMatch(key.body, /KEY/);
    const empty = await post(app, { events: [] });
    assert.deepEqual(empty.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { events: 'Select at least 1' },
    });
    const huge = await post(app, { events: [{ ...calls, ok: 1e20 }] });
    assert.deepEqual(huge.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { 'events.0.ok': 'Must be at most 1000' },
    });
    assert.deepEqual((await post(app, '{"events": [')).json(), { detail: 'The request is not valid.' });
    const large = await post(app, { events: [loaded], padding: 'x'.repeat(BEACON_BODY_LIMIT) });
    assert.deepEqual(large.json(), { detail: 'The request is too large.' });
    const form = await post(app, 'events=1', { type: 'application/x-www-form-urlencoded' });
    assert.deepEqual(form.json(), { detail: 'The request format is not supported.' });

    const after = await metrics();
    const remote = { remote: 'mfInvoices', version: '0.3.0', canary: 'true' };
    assert.equal(after.value(LOADS, remote), before.value(LOADS, remote));
    const page = { page: 'invoices', app: 'mfInvoices', version: '0.3.0', canary: 'true', outcome: 'ok' };
    assert.equal(after.value('varco_page_api_calls_total', page), before.value('varco_page_api_calls_total', page));
    // Nothing of a report reaches the log, refused or not.
    const logged = JSON.stringify(logs.lines());
    assert.doesNotMatch(logged, /mario\.rossi|padding|page-view|events|KEY/);
  });

  it(`answers 429 past ${BEACON_RATE_LIMIT_MAX} reports a minute from one address, counted as the route's limit`, async () => {
    const address = newAddress();
    const report = { events: [loaded] };
    for (let sent = 0; sent < BEACON_RATE_LIMIT_MAX; sent += 1) {
      const answer = await post(app, report, { remoteAddress: address });
      assert.equal(answer.statusCode, 204, `report ${sent + 1}: ${answer.body}`);
    }
    const refused = await post(app, report, { remoteAddress: address, headers: { 'accept-language': 'EN' } });
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.deepEqual(Object.keys(refused.json()), ['detail']);
    assert.equal((await post(app, report, { remoteAddress: newAddress() })).statusCode, 204, 'another address');
    const scraped = await metrics();
    assert.equal(scraped.value(REFUSALS, { limit: 'route', route: URL }), 1);
  });
});

describeEachDatabase('browsers’ reports: what one poster can count', ({ buildBare }) => {
  let app: TestApp;
  let now = FIXED_NOW;
  let portal: Awaited<ReturnType<typeof servePortalConfig>>;
  const logs = logCollector();
  const metrics = () => scrape(`${app.metrics.url}/metrics`);
  /** Waits for the next readings of the configuration to name `version` of `app` (or to no longer, with `named: false`). */
  const counted = (remote: string, version: string, named = true) =>
    until(`${remote} ${version} ${named ? '' : 'no longer '}counted by name`, async () => {
      const known = (await metrics()).value(VERSIONS, { app: remote, version }) === 1;
      return known === named;
    });
  before(async () => {
    portal = await servePortalConfig(runtimeConfig({ mfVisa: '1.0.0' }));
    app = buildBare(
      {
        metrics: { host: '127.0.0.1', port: 0 },
        logLevel: 'info',
        runtimeConfig: { urls: [portal.url], refreshMs: REFRESH_MS },
      },
      { logStream: logs.stream, beacons: { now: () => now } },
    );
    await app.ready();
    await counted('mfVisa', '1.0.0');
  });
  after(() => portal.close());

  it('counts a version no configuration names as "other", without a series of its own, however many are posted', async () => {
    const madeUp = Array.from({ length: 40 }, (_, index) => load('mfVisa', `9.${index}.0`));
    const answer = await post(app, { events: madeUp.slice(0, BEACON_MAX_EVENTS) }, { remoteAddress: newAddress() });
    assert.equal(answer.statusCode, 204, answer.body);
    for (const version of ['1.0.0', '9.0.0', '9.39.0'])
      assert.equal((await post(app, { events: [load('mfVisa', version)] })).statusCode, 204);
    const scraped = await metrics();
    assert.deepEqual(versionsIn(scraped, LOADS, 'mfVisa'), ['1.0.0', 'other']);
    assert.deepEqual(versionsIn(scraped, VERSIONS, 'mfVisa', 'app'), ['1.0.0']);
    assert.equal(scraped.value(LOADS, { remote: 'mfVisa', version: '1.0.0', canary: 'false' }), 1);
    // The first report's forty loads of mfVisa are one load, and the two others one each.
    assert.equal(scraped.value(LOADS, { remote: 'mfVisa', version: 'other', canary: 'false' }), 3);
    assert.deepEqual(versionsIn(scraped, REPORTERS, 'mfVisa', 'app'), ['1.0.0'], 'no reporters of other versions');
  });

  it('follows a new release and a canary without a restart, and labels the canary by the configuration', async () => {
    portal.set(runtimeConfig({ mfVisa: '1.1.0' }, { remote: 'mfVisa', version: '1.2.0-rc.1' }));
    await counted('mfVisa', '1.2.0-rc.1');
    // A browser's canary flag is its own: the label is the configuration's (1.1.0 is the stable one, 1.0.0 kept).
    await post(app, {
      events: [load('mfVisa', '1.2.0-rc.1'), load('mfInvoices', '0.1.0', 'ok', true)],
    });
    await post(app, { events: [load('mfVisa', '1.1.0', 'ok', true)] });
    await post(app, { events: [load('mfVisa', '1.0.0')] });
    const scraped = await metrics();
    assert.equal(scraped.value(LOADS, { remote: 'mfVisa', version: '1.2.0-rc.1', canary: 'true' }), 1);
    assert.equal(scraped.value(LOADS, { remote: 'mfVisa', version: '1.1.0', canary: 'false' }), 1);
    assert.equal(scraped.value(LOADS, { remote: 'mfInvoices', version: '0.1.0', canary: 'false' }), 1);
    assert.equal(scraped.value(LOADS, { remote: 'mfVisa', version: '1.1.0', canary: 'true' }), undefined);
    assert.equal(scraped.value(LOADS, { remote: 'mfVisa', version: '1.0.0', canary: 'false' }), 2);
    assert.deepEqual(versionsIn(scraped, VERSIONS, 'mfVisa', 'app'), ['1.0.0', '1.1.0', '1.2.0-rc.1']);
  });

  it('reads the version of a manifest from its build when its address names none', async () => {
    portal.file('/mf-notifications/current/mf-manifest.json', { metaData: { buildInfo: { buildVersion: '2.4.0' } } });
    portal.set({
      ...runtimeConfig({ mfVisa: '1.1.0' }),
      remotes: {
        ...runtimeConfig({ mfVisa: '1.1.0' }).remotes,
        mfNotifications: `${portal.origin}/mf-notifications/current/mf-manifest.json`,
      },
    });
    await counted('mfNotifications', '2.4.0');
    await post(app, { events: [load('mfNotifications', '2.4.0')] });
    assert.equal((await metrics()).value(LOADS, { remote: 'mfNotifications', version: '2.4.0', canary: 'false' }), 1);
  });

  it('keeps what a configuration named while it cannot be read, and says so once, after a minute', async () => {
    const before = logs.lines().length;
    const warnings = () =>
      logs
        .lines()
        .slice(before)
        .filter((line) => String(line.msg).startsWith('runtime configuration unreadable'));
    portal.set('{"not": "a configuration"');
    let reads = portal.reads;
    await until('three readings of the broken configuration', () => portal.reads >= reads + 3);
    assert.deepEqual(warnings(), [], 'a moment’s outage is not worth a warning');
    now += UNREADABLE_WARNING_MS;
    reads = portal.reads;
    await until('three readings more', () => portal.reads >= reads + 3);
    await post(app, { events: [load('mfVisa', '1.1.0')] });
    assert.equal((await metrics()).value(LOADS, { remote: 'mfVisa', version: '1.1.0', canary: 'false' }), 2);
    assert.equal(warnings().length, 1, JSON.stringify(warnings()));
    assert.equal(warnings()[0]?.url, portal.url);
    portal.set(runtimeConfig({ mfVisa: '1.1.0' }));
    await until('the configuration read again', () =>
      logs.lines().some((line) => line.msg === 'runtime configuration read again'),
    );
  });

  it(`keeps a version it no longer names ${RETAINED_MS / 86_400_000} days, and ${VERSIONS_PER_APP} of an app at most`, async () => {
    // 1.0.0 and 1.2.0-rc.1 were named more than the retention ago: they go, with their series.
    now += RETAINED_MS;
    await counted('mfVisa', '1.0.0', false);
    await counted('mfVisa', '1.2.0-rc.1', false);
    let scraped = await metrics();
    assert.deepEqual(versionsIn(scraped, LOADS, 'mfVisa'), ['1.1.0', 'other']);
    assert.deepEqual(versionsIn(scraped, REPORTERS, 'mfVisa', 'app'), ['1.1.0']);
    // Ten releases in a row: the current one and the seven before it stay.
    for (let minor = 2; minor <= 11; minor += 1) {
      now += 60_000;
      portal.set(runtimeConfig({ mfVisa: `1.${minor}.0` }));
      await counted('mfVisa', `1.${minor}.0`);
    }
    scraped = await metrics();
    assert.deepEqual(versionsIn(scraped, VERSIONS, 'mfVisa', 'app'), [
      '1.10.0',
      '1.11.0',
      '1.4.0',
      '1.5.0',
      '1.6.0',
      '1.7.0',
      '1.8.0',
      '1.9.0',
    ]);
  });

  it('counts one load of each remote per report, and each reporter once, by address (IPv6 by /56)', async () => {
    portal.set(runtimeConfig({ mfVisa: '1.11.0' }, { remote: 'mfVisa', version: '1.12.0' }));
    await counted('mfVisa', '1.12.0');
    const candidate = { remote: 'mfVisa', version: '1.12.0', canary: 'true' };
    const reporters = (evidence: string, scraped: Scrape) =>
      scraped.value(REPORTERS, { app: 'mfVisa', version: '1.12.0', evidence }) ?? 0;
    const failing = { events: Array.from({ length: BEACON_MAX_EVENTS }, () => load('mfVisa', '1.12.0', 'failed')) };
    // One poster: fifty failed loads in a report, a hundred reports, from one address and from one IPv6 /56.
    const oneAddress = newAddress();
    for (let sent = 0; sent < 100; sent += 1) await post(app, failing, { remoteAddress: oneAddress });
    for (let host = 1; host <= 20; host += 1)
      await post(app, failing, { remoteAddress: `2001:db8:0:ab${host.toString(16).padStart(2, '0')}::${host}` });
    let scraped = await metrics();
    assert.equal(scraped.value(LOADS, candidate), 120);
    assert.equal(scraped.value(FAILURES, { ...candidate, reason: 'network' }), 120);
    assert.equal(reporters('load_failed', scraped), 2);
    assert.equal(reporters('load', scraped), 2);
    // Ten browsers of their own; slow pages and failed api calls are reporters too.
    for (let browser = 0; browser < 10; browser += 1)
      await post(
        app,
        {
          events: [
            load('mfVisa', '1.12.0'),
            { type: 'vital', name: 'LCP', value: 4100, page: 'visas', app: 'mfVisa', version: '1.12.0', canary: true },
            { type: 'vital', name: 'INP', value: 90, page: 'visas', app: 'mfVisa', version: '1.12.0', canary: true },
            { type: 'api-calls', page: 'visas', ok: 3, failed: 1, app: 'mfVisa', version: '1.12.0', canary: true },
          ],
        },
        { remoteAddress: `192.0.2.${browser + 1}` },
      );
    scraped = await metrics();
    assert.equal(reporters('load', scraped), 12);
    assert.equal(reporters('load_failed', scraped), 2);
    assert.equal(reporters('lcp_slow', scraped), 10);
    assert.equal(reporters('inp_slow', scraped), 0);
    assert.equal(reporters('api_failed', scraped), 10);
    // A new hour: a reporter counts again.
    now += 60 * 60 * 1000;
    await post(app, failing, { remoteAddress: oneAddress });
    assert.equal(reporters('load_failed', await metrics()), 3);
  });
});
