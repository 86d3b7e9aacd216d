import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { chooseLanguage } from '../support/fixtures';
import { E2E_API_URL, E2E_SPARE_SHELL_PORT } from '../support/ports';
import { copyOfCdn, releaseVariant, retitle } from '../support/remote-release';
import { signIn } from '../support/sign-in';
import { scanAtKiosk, signedInWithRequest } from '../support/visas';
import { controlledByServiceWorker, keptForOffline } from '../support/offline';

test.describe('offline', () => {
  test('a visa request opened once online opens with no network, in both languages; the kiosk accepts its QR; it refreshes online; nothing after sign-out', async ({
    page,
    context,
  }) => {
    const { traveler, requestId } = await signedInWithRequest(page, 180);
    await expect(page.getByTestId('visa-qr')).toBeVisible();
    const requestCode = (await page.getByTestId('visa-detail').locator('dd').first().textContent())?.trim() ?? '';
    expect(requestCode).not.toBe('');
    // First visit: the worker takes the page and keeps what it had already loaded (mf-visa's entry among it).
    await controlledByServiceWorker(page);
    await keptForOffline(page);

    await context.setOffline(true);
    await page.reload();
    const note = page.getByTestId('visa-offline-note');
    await expect(note).toHaveText(/^Offline — shown as of .+, \d{2}:\d{2}\./);
    await expect(page.getByTestId('visa-detail')).toContainText(requestCode);
    await expect(
      page.getByRole('img', { name: `QR code of request ${requestCode}, to show at the exit point` }),
    ).toBeVisible();
    await expect(page.getByTestId('qr-instruction')).toBeVisible();
    await expect(page.getByTestId('visa-travel')).toContainText('AZ610');
    await expect(page.getByTestId('alert-bar')).toHaveCount(0);
    await expect(page.getByTestId('visa-load-error')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('offline-visa-en.png'), fullPage: true });
    // The kiosk (its own device, online) checks the signature of the QR shown offline with the agency's public key, and grants the visa.
    const scan = await scanAtKiosk(page);
    expect(scan.code, scan.output).toBe(0);
    expect(scan.output).toMatch(/^GREEN — visa granted/);

    // Navigating to it inside the app, and in Italian, still with no network.
    await page.goto('/protected');
    await page.goto(`/protected/visa/${requestId}`);
    await chooseLanguage(page, 'it_IT');
    await expect(note).toHaveText(/^Offline — mostrato al .+, ore \d{2}:\d{2}\./);
    await expect(page.getByRole('img', { name: new RegExp(requestCode) })).toBeVisible();
    await expect(page.getByTestId('alert-bar')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('offline-visa-it.png'), fullPage: true });

    // The network is back: the page asks again by itself, and shows the request as it is now.
    await context.setOffline(false);
    await expect(note).toHaveCount(0);
    // The worker's static routes send the api's calls to the network without running its code.
    const routes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map(
          (entry) =>
            (entry as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType,
        ),
    );
    expect(routes.at(-1)).toBe('network');
    await expect(page.getByTestId('visa-qr')).toHaveCount(0);
    await chooseLanguage(page, 'en_US');

    await page.getByTestId('avatar').click();
    await page.getByRole('menuitem', { name: /Log ?out|Sign out/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.setOffline(true);
    await page.goto(`/protected/visa/${requestId}`);
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(requestCode);
    await expect(page.locator('body')).not.toContainText(traveler.nome);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('offline')))).toEqual([]);
  });
});

// A copy of the CDN, into which a team releases mf-invoices 0.2.0 (its list has a new title), and the shell a new build.
test.describe('installable, and releases reach the next online visit', () => {
  const NEW_TITLE = 'All your tax-free invoices';
  let root: string;
  let cdn: Cdn;
  let candidate: string;

  test.beforeAll(async () => {
    // A release of mf-invoices built from a copy of its sources by its release command: up to a minute and a half on
    // a slower machine of this kind with every worker busy.
    test.setTimeout(240_000);
    root = copyOfCdn();
    const manifestPath = await releaseVariant({
      folder: 'mf-invoices',
      version: '0.2.0',
      cdnRoot: root,
      edit: (appDir) => retitle(appDir, 'src/i18n/en.json', ['list', 'title'], NEW_TITLE),
    });
    cdn = await startCdn({ root, shellPort: E2E_SPARE_SHELL_PORT, apiUrl: E2E_API_URL });
    candidate = `${cdn.origins.mfInvoices}${manifestPath}`;
  });

  test.afterAll(async () => {
    await cdn?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('the web app manifest is valid and its icons load', async ({ page }) => {
    await page.goto(`${cdn.url}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const answer = await page.request.get(new URL(href ?? '', cdn.url).toString());
    expect(answer.ok()).toBe(true);
    const manifest = await answer.json();
    expect(manifest).toMatchObject({
      name: 'Varco - Digital Tax Free',
      short_name: 'Varco',
      lang: 'en',
      start_url: '/protected',
      display: 'standalone',
      theme_color: '#0066cc',
      background_color: '#ffffff',
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    // A page in another language links its own: the portal installs under its name and description in it.
    await chooseLanguage(page, 'ar');
    const arabic = await page.request.get(
      new URL((await page.locator('link[rel="manifest"]').getAttribute('href')) ?? '', cdn.url).toString(),
    );
    expect(await arabic.json()).toMatchObject({
      name: 'Varco - الإعفاء الضريبي الرقمي',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/protected',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const appleIcon = (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '';
    for (const icon of [...icons, { src: appleIcon, sizes: '180x180', type: 'image/png' }]) {
      const png = await page.request.get(new URL(icon.src, cdn.url).toString());
      expect(png.headers()['content-type']).toBe(icon.type);
      const body = await png.body();
      // The PNG header's width and height.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  });

  test('the worker controls the page; a remote switched in the configuration is used on the next online visit', async ({
    page,
  }) => {
    await signIn(page, { origin: cdn.url });
    await controlledByServiceWorker(page);
    const title = async () => {
      await page.goto(`${cdn.url}/protected/invoice`);
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
      await expect(page.locator('main h1')).toBeVisible();
      return page.locator('main h1').textContent();
    };
    expect(await title()).toBe('All invoices');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${cdn.url}/sw.js`);
    const current = cdn.config.remotes.mfInvoices!;
    cdn.config.remotes.mfInvoices = candidate;
    try {
      expect(await title()).toBe(NEW_TITLE);
    } finally {
      cdn.config.remotes.mfInvoices = current;
    }
    expect(await title()).toBe('All invoices');
  });

  test('a new release of the shell is announced, and Reload switches to it', async ({ page }) => {
    await page.goto(`${cdn.url}/`);
    await controlledByServiceWorker(page);
    const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
    expect(first).toBe(`${cdn.url}/sw.js`);
    // A new build of the shell is a new sw.js (its precache list changes); served without its compressed copies.
    const sw = join(root, 'shell', 'sw.js');
    appendFileSync(sw, '\n// next release\n');
    rmSync(`${sw}.gz`, { force: true });
    rmSync(`${sw}.br`, { force: true });
    // Deployed: the CDN serves the new tree on the same origin (it reads its files once, at start).
    await cdn.close();
    cdn = await startCdn({
      root,
      shellPort: Number(new URL(cdn.url).port),
      freeRemotePorts: true,
      apiUrl: E2E_API_URL,
    });

    await page.reload();
    const banner = page.getByTestId('update-banner');
    await expect(banner).toHaveText(/A new version of the portal is available\.\s*Reload/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('update-banner.png') });
    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
    ).toBeNull();
  });
});
