import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { chooseLanguage } from '../support/fixtures';
import { E2E_API_URL, E2E_SPARE_SHELL_PORT } from '../support/ports';
import { signIn } from '../support/sign-in';

/** The React the shell is built with, and the component tests run: the version of the page's `react` singleton. */
const reactVersion = (
  JSON.parse(readFileSync(new URL('../../shell/package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies.react;

/** Records the scripts and manifests the page downloads, by URL. */
function recordDownloads(page: Page) {
  const downloads: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (/\.js($|\?)|mf-manifest\.json/.test(url)) downloads.push({ url, body: response.text().catch(() => '') });
  });
  return downloads;
}

test.describe('federation', () => {
  test('the sign-in screen of mf-auth loads through the runtime configuration', async ({ page }) => {
    const downloads = recordDownloads(page);
    await page.goto('/sign-in');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
    const config = await (await page.request.get('/config.json')).json();
    expect(downloads.map((item) => item.url)).toContain(config.remotes.mfAuth);
  });

  for (const { path, remote } of [
    { path: '/protected/invoice', remote: 'mfInvoices' },
    { path: '/protected/visa', remote: 'mfVisa' },
    { path: '/protected/notifications', remote: 'mfNotifications' },
  ]) {
    test(`the first screen of ${remote} loads at ${path}`, async ({ page }) => {
      await signIn(page);
      const downloads = recordDownloads(page);
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
      const config = await (await page.request.get('/config.json')).json();
      expect(downloads.map((item) => item.url)).toContain(config.remotes[remote]);
    });
  }

  test('the signed-in home composes the widgets of three remotes and the header bell', async ({ page }) => {
    await signIn(page);
    await page.goto('/protected');
    await expect(page.getByTestId('avatar')).toContainText('MR');
    await expect(page.getByTestId('avatar')).toHaveAccessibleName(/^MR.*Mario Rossi/);
    await expect(page.getByTestId('bell')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest invoices' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest visa requests' })).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  });

  test('React is downloaded once for the shell and every remote, and no script twice under two names', async ({
    page,
  }) => {
    await signIn(page);
    const downloads = recordDownloads(page);
    await page.goto('/protected');
    await expect(page.getByTestId('bell')).toBeVisible();
    // Within the page, as a traveler moves: every remote but mf-auth is now on the page.
    await page.getByTestId('bell').click();
    await expect(page).toHaveURL(/\/protected\/notifications$/);
    await expect(page.locator('main h1')).toBeVisible();
    await page.getByRole('link', { name: 'All invoices' }).click();
    await expect(page.locator('main h1')).toBeVisible();
    const bodies = await Promise.all(downloads.map((item) => item.body));
    // A name in the export list of react-dom, which minifiers keep.
    const withReactDom = bodies.filter((body) => body.includes('unmountComponentAtNode'));
    expect(withReactDom).toHaveLength(1);
    // The same code under two file names is downloaded twice (@varco/ui once was: shared/webpack/README.md).
    const namesOfContent = new Map<string, Set<string>>();
    downloads.forEach(({ url }, index) => {
      if (!/\.js($|\?)/.test(url)) return;
      const code = bodies[index]!.replace(/\/\/# sourceMappingURL=\S+\s*$/, '');
      // A body the browser no longer holds reads as empty: nothing to compare.
      if (code === '') return;
      namesOfContent.set(code, (namesOfContent.get(code) ?? new Set()).add(url));
    });
    expect([...namesOfContent.values()].filter((names) => names.size > 1).map((names) => [...names])).toEqual([]);
    const reactVersions = await page.evaluate(() => {
      const scope = (
        window as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>>;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const versions = new Set<string>();
      for (const host of Object.values(scope))
        for (const [version, entry] of Object.entries(host.default?.react ?? {}))
          if (entry.loaded) versions.add(version);
      return [...versions];
    });
    // React itself, the version the component tests run.
    expect(reactVersions).toEqual([reactVersion]);
  });
});

/** A CDN of its own for the describe block it is called in, with the origin of `remote` down. */
function cdnWithout(remote: string): () => Cdn {
  let cdn: Cdn;
  test.beforeAll(async () => {
    cdn = await startCdn({ shellPort: E2E_SPARE_SHELL_PORT, apiUrl: E2E_API_URL });
    await cdn.stop(remote);
  });
  test.afterAll(async () => {
    await cdn.close();
  });
  return () => cdn;
}

test.describe('a remote whose CDN origin is down', () => {
  const cdn = cdnWithout('mfVisa');

  test('shows the translated notice while the header, the footer and the other remotes keep working', async ({
    page,
  }) => {
    // Signed in on this origin: the session cookie belongs to it.
    await signIn(page, { origin: cdn().url });
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('footer')).toBeVisible();
    await expect(page.getByTestId('bell')).toBeVisible();
    const notices = page.locator('[data-testid="remote-unavailable"][data-remote="mfVisa"]');
    await expect(notices.first()).toContainText('This section is unavailable');
    await expect(page.locator('[data-testid="remote-unavailable"]:not([data-remote="mfVisa"])')).toHaveCount(0);

    await page.getByRole('link', { name: 'All visa requests' }).click();
    await expect(page).toHaveURL(/\/protected\/visa$/);
    // The page's one notice: the home's two have gone with the home.
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(1);
    await expect(page.getByTestId('remote-unavailable')).toContainText('This section is unavailable');
    await chooseLanguage(page, 'it_IT');
    await expect(page.getByTestId('remote-unavailable')).toContainText('Questa sezione non è disponibile');
    await expect(page.getByRole('button', { name: 'Riprova' })).toBeVisible();

    await page.getByRole('link', { name: 'Tutte le fatture' }).click();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
  });
});

test.describe("the header's remote whose CDN origin is down", () => {
  const cdn = cdnWithout('mfNotifications');

  test("the bell's place holds a small retry button, and the header keeps its height", async ({ page }) => {
    await signIn(page, { origin: cdn().url });
    const retry = page.getByTestId('bell-slot').getByRole('button', { name: 'This section is unavailable. Retry' });
    await expect(retry).toBeVisible();
    await expect(retry).toHaveAttribute('data-remote', 'mfNotifications');
    await expect(page.getByTestId('header').getByRole('alert')).toHaveCount(0);
    const size = await retry.boundingBox();
    expect(size?.width).toBeLessThanOrEqual(40);
    expect(size?.height).toBeLessThanOrEqual(40);
    // The avatar sits beside it, on the same row, as beside the bell.
    const avatar = await page.getByTestId('avatar').boundingBox();
    expect(
      Math.abs((avatar?.y ?? 0) + (avatar?.height ?? 0) / 2 - ((size?.y ?? 0) + (size?.height ?? 0) / 2)),
    ).toBeLessThan(4);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
