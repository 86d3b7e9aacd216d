import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { E2E_API_METRICS_PORTS, E2E_API_URL, E2E_CANARY_SHELL_PORT, E2E_FREE_REMOTE_PORTS } from '../support/ports';
import { startPrometheus, type Prometheus } from '../support/prometheus';
import { copyOfCdn, publishCopy, publishNextContractMajor } from '../support/remote-release';
import { signIn } from '../support/sign-in';
import { createTraveler } from '../support/travelers';

// A canary judged by numbers, from end to end: real browsers open the signed-in home of a portal whose runtime
// configuration sends half of them to a candidate of mf-invoices that the shell refuses (it speaks another contract
// major: its manifest is the released one with the contract it publishes changed, so nothing is built). Their reports
// reach the api instances through the portal's /api, Prometheus scrapes the instances' metrics listeners, and
// `npm run canary:report`, run as an operator runs it, reads Prometheus and rolls the candidate back.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REMOTE = 'mfInvoices';
const RELEASED = JSON.parse(readFileSync(join(ROOT, 'mf-invoices/package.json'), 'utf8')).version as string;
/**
 * The released build published again under a version of this spec's own: the api counts by name what a portal's
 * configuration names, and the other specs switch the main portal's configuration between versions of mf-invoices.
 */
const STABLE = '0.8.0';
const CANDIDATE = '0.9.1';
/** The browsers of each version after the first one (a counter's first scrape is its start, not an increase). */
const BROWSERS = 5;
/** A browser's kept draw (shell/src/federation/canary.ts): below the share takes the candidate. */
const SHARE = 50;
const DRAW = { candidate: 10, stable: 90 };

let root: string;
let cdn: Cdn;
let prometheus: Prometheus;
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
const contexts: BrowserContext[] = [];

test.beforeAll(async ({ browser }) => {
  root = copyOfCdn();
  publishCopy(root, 'mf-invoices', RELEASED, STABLE);
  publishNextContractMajor(root, 'mf-invoices', RELEASED, CANDIDATE);
  // On the port whose configuration the api reads besides the portal's: the stable and the candidate are counted by name.
  cdn = await startCdn({
    root,
    shellPort: E2E_CANARY_SHELL_PORT,
    freeRemotePorts: E2E_FREE_REMOTE_PORTS,
    apiUrl: E2E_API_URL,
  });
  cdn.config.remotes[REMOTE] = `${cdn.origins.mfInvoices}/mf-invoices/${STABLE}/mf-manifest.json`;
  cdn.config.canary = {
    remote: REMOTE,
    manifest: `${cdn.origins.mfInvoices}/mf-invoices/${CANDIDATE}/mf-manifest.json`,
    share: SHARE,
  };
  prometheus = await startPrometheus(E2E_API_METRICS_PORTS);
  for (const version of [STABLE, CANDIDATE])
    await expect
      .poll(async () => (await prometheus.query(`varco_beacon_versions{version="${version}"}`)).length, {
        timeout: 30_000,
      })
      .toBe(E2E_API_METRICS_PORTS.length);

  const context = await browser.newContext();
  const [page, traveler] = await Promise.all([context.newPage(), createTraveler()]);
  await signIn(page, { origin: cdn.url, traveler });
  signedIn = await context.storageState();
  await context.close();
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await prometheus?.stop();
  await cdn?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/**
 * One traveler's visit to the home in a browser of its own, on the version its draw gives, left for another page (its
 * report leaves then). The browser stays open until the end: closing it could cut a report still on its way.
 */
async function visit(browser: Browser, version: 'candidate' | 'stable'): Promise<void> {
  const context = await browser.newContext({ storageState: signedIn });
  contexts.push(context);
  await context.addInitScript((draw) => localStorage.setItem('varco-canary-draw', draw), String(DRAW[version]));
  const page = await context.newPage();
  await page.goto(`${cdn.url}/protected`);
  await expect(page.getByRole('heading', { name: 'Latest visa requests' })).toBeVisible();
  if (version === 'candidate')
    await expect(page.locator(`[data-testid="remote-unavailable"][data-remote="${REMOTE}"]`)).toBeVisible();
  else await expect(page.getByRole('heading', { name: 'Latest invoices' })).toBeVisible();
  await page.goto('about:blank');
}

/** The loads of the remote's version as Prometheus last scraped them, the instances together. */
async function scrapedLoads(version: string): Promise<number> {
  const [sample] = await prometheus.query(`sum(varco_remote_loads_total{remote="${REMOTE}",version="${version}"})`);
  return sample?.value ?? 0;
}

function canaryReport(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['deploy/canary/report.mjs', '--prometheus', prometheus.url, ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

test('browsers that the candidate fails report it; Prometheus gathers their reports; the canary report rolls it back', async ({
  browser,
}) => {
  // Twelve signed-in homes and Prometheus's scrapes: 3.5 min on a slower machine of the kind.
  test.setTimeout(360_000);
  // Each version's series start with its first reports, scraped before the measured ones.
  await visit(browser, 'candidate');
  await visit(browser, 'stable');
  for (const version of [CANDIDATE, STABLE])
    await expect.poll(() => scrapedLoads(version), { timeout: 20_000 }).toBeGreaterThan(0);
  const [candidateBefore, stableBefore] = await Promise.all([scrapedLoads(CANDIDATE), scrapedLoads(STABLE)]);

  for (let n = 0; n < BROWSERS; n += 1) {
    await visit(browser, 'candidate');
    await visit(browser, 'stable');
  }
  await expect
    .poll(() => scrapedLoads(CANDIDATE), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(candidateBefore + BROWSERS);
  await expect.poll(() => scrapedLoads(STABLE), { timeout: 20_000 }).toBeGreaterThanOrEqual(stableBefore + BROWSERS);

  // Every browser here is on one address: one reporter (two with two instances), where production asks for ten.
  const args = [
    ...['--remote', REMOTE, '--canary', CANDIDATE, '--stable', STABLE, '--window', '5m'],
    ...['--min-loads', '3', '--min-reporters', '1'],
  ];
  const report = await canaryReport(args);
  expect({ code: report.code, stderr: report.stderr }, report.stdout).toEqual({ code: 1, stderr: '' });
  expect(report.stdout).toContain(`candidate ${CANDIDATE} against stable ${STABLE}`);
  expect(report.stdout).toContain('Verdict: roll back');
  expect(report.stdout).toMatch(/\[worse\] load failures: candidate (9\d|100)\.\d %/);

  const { verdict, figures } = JSON.parse((await canaryReport([...args, '--json'])).stdout);
  expect(verdict).toBe('roll back');
  expect(figures.candidate.contractRefusals).toBeGreaterThan(0);
  expect(figures.candidate.loads).toBeGreaterThanOrEqual(3);
});
