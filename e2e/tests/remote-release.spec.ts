import { rmSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { E2E_API_URL, E2E_SPARE_SHELL_PORT } from '../support/ports';
import { copyOfCdn, hashTree, releaseVariant, retitle } from '../support/remote-release';
import { signIn } from '../support/sign-in';

// One team releases mf-invoices 0.2.0 (its invoice list has a new title) into a copy of the CDN, beside 0.1.0; the
// shell is not rebuilt. Built once for the file (about 15 s): cheaper than building a test variant in every
// `npm run build`, and it exercises the release command itself.
const NEW_VERSION = '0.2.0';
const NEW_TITLE = 'All your tax-free invoices';
const OLD_TITLE = 'All invoices';

let root: string;
let cdn: Cdn;
let before: Record<string, string>;
let current: string;
let candidate: string;

test.beforeAll(async () => {
  // A release of mf-invoices built from a copy of its sources by its release command: up to a minute and a half on a
  // slower machine of this kind with every worker busy.
  test.setTimeout(240_000);
  root = copyOfCdn();
  before = hashTree(root);
  const manifestPath = await releaseVariant({
    folder: 'mf-invoices',
    version: NEW_VERSION,
    cdnRoot: root,
    edit: (appDir) => retitle(appDir, 'src/i18n/en.json', ['list', 'title'], NEW_TITLE),
  });
  cdn = await startCdn({ root, shellPort: E2E_SPARE_SHELL_PORT, apiUrl: E2E_API_URL });
  current = cdn.config.remotes.mfInvoices!;
  candidate = `${cdn.origins.mfInvoices}${manifestPath}`;
});

test.afterAll(async () => {
  await cdn?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The title of the invoice list, and the manifest of mf-invoices the page loaded. */
async function invoiceList(page: Page) {
  const manifests: string[] = [];
  const record = (request: { url(): string }) => {
    if (/\/mf-invoices\/.*\/mf-manifest\.json$/.test(request.url())) manifests.push(request.url());
  };
  page.on('request', record);
  await page.goto(`${cdn.url}/protected/invoice`);
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  page.off('request', record);
  return { title: await page.locator('main h1').textContent(), manifests };
}

async function signedInPage(browser: Browser, draw?: string) {
  const context = await browser.newContext({ locale: 'en-US' });
  // A fixed canary draw, set once in this fresh browser: what the shell keeps from then on is its own.
  if (draw)
    await context.addInitScript(
      (value) => localStorage.getItem('varco-canary-draw') ?? localStorage.setItem('varco-canary-draw', value),
      draw,
    );
  const page = await context.newPage();
  await signIn(page, { origin: cdn.url });
  // The home's widget of mf-invoices loaded: its manifest, asked for once the home has rendered, is not counted as the
  // next page's.
  await expect(page.getByRole('heading', { name: 'Latest invoices' })).toBeVisible();
  return page;
}

test('a release is published beside the current version, and no other file changes', () => {
  const after = hashTree(root, [`mf-invoices/${NEW_VERSION}`]);
  expect(after).toEqual(before);
  expect(Object.keys(hashTree(root)).filter((file) => file.startsWith(`mf-invoices/${NEW_VERSION}/`))).toContain(
    `mf-invoices/${NEW_VERSION}/mf-manifest.json`,
  );
});

test('switching the remote’s line of the configuration serves the new version; switching it back, the old one', async ({
  browser,
}) => {
  const page = await signedInPage(browser);
  expect(await invoiceList(page)).toEqual({ title: OLD_TITLE, manifests: [current] });

  cdn.config.remotes.mfInvoices = candidate;
  try {
    expect(await invoiceList(page)).toEqual({ title: NEW_TITLE, manifests: [candidate] });
    // The rest of the portal goes on as before.
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('bell')).toBeVisible();
    await page.getByTestId('bell').click();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  } finally {
    cdn.config.remotes.mfInvoices = current;
  }
  expect(await invoiceList(page)).toEqual({ title: OLD_TITLE, manifests: [current] });
  await page.context().close();
});

test('a canary at 50 % gives each browser one version, kept across reloads', async ({ browser }) => {
  cdn.config.canary = { remote: 'mfInvoices', manifest: candidate, share: 50 };
  try {
    const inCanary = await signedInPage(browser, '10');
    const outside = await signedInPage(browser, '90');
    for (let visit = 0; visit < 2; visit += 1) {
      expect(await invoiceList(inCanary)).toEqual({ title: NEW_TITLE, manifests: [candidate] });
      expect(await invoiceList(outside)).toEqual({ title: OLD_TITLE, manifests: [current] });
    }
    expect(await inCanary.evaluate(() => localStorage.getItem('varco-canary-draw'))).toBe('10');
    // A tester asks for the candidate whatever their draw, and keeps it.
    await outside.goto(`${cdn.url}/protected?canary=on`);
    // The home's widget of mf-invoices loaded: its manifest is asked for after the load event, and must not be counted
    // as the next page's.
    await expect(outside.getByRole('heading', { name: 'Latest invoices' })).toBeVisible();
    expect(await invoiceList(outside)).toEqual({ title: NEW_TITLE, manifests: [candidate] });
    await inCanary.context().close();
    await outside.context().close();
  } finally {
    delete cdn.config.canary;
  }
});
