import { readFileSync, rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { beaconSchema } from '../../shared/contracts/src/beacons';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { startBeaconTap, type BeaconTap } from '../support/beacon-tap';
import { E2E_API_URL, E2E_SPARE_SHELL_PORT } from '../support/ports';
import { pageErrors } from '../support/fixtures';
import { copyOfCdn, publishNextContractMajor } from '../support/remote-release';
import { signIn } from '../support/sign-in';

// What the browser reports (docs/architecture.md, "What the browser reports"), as it reaches the api: the reports pass
// through a tap in front of it (most leave as a page is left, when the test tool no longer sees the page's requests),
// and the api takes each one (204). A CDN of its own serves the portal, and a
// canary of mf-invoices that speaks another contract major: its manifest is the released one with the contract it
// publishes changed, so nothing is built.
const versionOf = (app: string): string =>
  JSON.parse(readFileSync(new URL(`../../${app}/package.json`, import.meta.url), 'utf8')).version;
const SHELL_VERSION = versionOf('shell');
const INVOICES_VERSION = versionOf('mf-invoices');
const CANDIDATE = '0.9.0';

let root: string;
let tap: BeaconTap;
let cdn: Cdn;
let candidate: string;

test.beforeAll(async () => {
  tap = await startBeaconTap(E2E_API_URL);
  root = copyOfCdn();
  publishNextContractMajor(root, 'mf-invoices', INVOICES_VERSION, CANDIDATE);
  cdn = await startCdn({ root, shellPort: E2E_SPARE_SHELL_PORT, apiUrl: tap.url });
  candidate = `${cdn.origins.mfInvoices}/mf-invoices/${CANDIDATE}/mf-manifest.json`;
});

test.afterAll(async () => {
  await cdn?.close();
  await tap?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

test.beforeEach(() => {
  tap.reports.length = 0;
  delete cdn.config.canary;
});

test.afterEach(() => {
  // Every report is JSON the api's schema accepts: labels from closed lists, no address, no traveler.
  for (const { body, contentType, status } of tap.reports) {
    expect(contentType).toBe('application/json');
    // Undefined while the api is still answering a report sent as the test ended.
    if (status !== undefined) expect(status).toBe(204);
    expect(beaconSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/\/protected|mario|rossi|@|\?/i);
  }
});

/** The vitals are observed once the loaded page is idle (their code comes then). */
const vitalsObserved = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('varco:vitals').length > 0);

const release = (app: string, version: string, canary = false) => ({ app, version, canary });

test('the browser reports the vitals of each page, the remotes it loaded and the api calls of each page', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await page.goto(`${cdn.url}/`);
  await vitalsObserved(page);
  // Leaving the welcome page for the sign-in page hides it: its vitals leave with it.
  await signIn(page, { origin: cdn.url });
  await expect
    .poll(() => tap.events())
    .toContainEqual({
      type: 'vital',
      name: 'LCP',
      value: expect.any(Number),
      page: 'welcome',
      ...release('shell', SHELL_VERSION),
    });

  // The home opened by its address: its LCP does not hang on whether Chromium's heuristics take the sign-in's move to
  // it for a soft navigation (they miss some while a page's code loads). The invoices are reached inside the portal:
  // the remote loaded for them, and the call of a tab the home has not asked for (its first tab may come from the
  // home's cache, with no call), are theirs.
  await page.goto(`${cdn.url}/protected`);
  await expect(page.getByRole('heading', { name: 'Latest invoices' })).toBeVisible();
  await vitalsObserved(page);
  await page.getByRole('link', { name: 'All invoices' }).click();
  await expect(page).toHaveURL(/\/protected\/invoice$/);
  const completed = page.waitForResponse((response) => /\/api\/.*invoice/.test(response.url()));
  await page.getByRole('tab', { name: 'Completed' }).click();
  expect((await completed).ok()).toBe(true);
  await page.goto('about:blank');

  const shell = release('shell', SHELL_VERSION);
  const invoices = release('mfInvoices', INVOICES_VERSION);
  await expect
    .poll(() => tap.events())
    .toEqual(
      expect.arrayContaining([
        { type: 'vital', name: 'LCP', value: expect.any(Number), page: 'home', ...shell },
        { type: 'remote-load', outcome: 'ok', ...invoices },
        { type: 'api-calls', page: 'home', ok: expect.any(Number), failed: 0, ...shell },
        { type: 'api-calls', page: 'invoices', ok: expect.any(Number), failed: 0, ...invoices },
      ]),
    );
  expect(errors).toEqual([]);
});

test('a remote the shell refuses is reported as a failed load for its contract, with its version and as the canary', async ({
  page,
}) => {
  cdn.config.canary = { remote: 'mfInvoices', manifest: candidate, share: 100 };
  await signIn(page, { origin: cdn.url });
  await expect(page.locator('[data-testid="remote-unavailable"][data-remote="mfInvoices"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest visa requests' })).toBeVisible();
  await page.goto('about:blank');
  await expect
    .poll(() => tap.events())
    .toEqual(
      expect.arrayContaining([
        { type: 'remote-load', outcome: 'failed', reason: 'contract', ...release('mfInvoices', CANDIDATE, true) },
        // The home's other remotes loaded, each from its current release.
        { type: 'remote-load', outcome: 'ok', ...release('mfVisa', versionOf('mf-visa')) },
      ]),
    );
});
