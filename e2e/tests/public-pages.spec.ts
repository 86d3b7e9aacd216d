import { expect, test } from '@playwright/test';
import { chooseLanguage, expectAccessible } from '../support/fixtures';

test.describe('public pages', () => {
  test('the welcome page in English and Italian', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Varco');
    await expect(page.getByTestId('agency-banner')).toHaveText('Customs and Monopolies Agency');
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText([
      'Home',
      'How to',
    ]);
    await expect(page.getByTestId('sign-in-link')).toHaveText('Sign in');
    await expectAccessible(page);

    await chooseLanguage(page, 'it_IT');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuto in Varco');
    await expect(page.getByRole('navigation', { name: 'Navigazione principale' }).getByRole('link')).toHaveText([
      'Home',
      'Come funziona',
    ]);
    await expectAccessible(page);
  });

  test('how it works lists the requirements, in both languages', async ({ page }) => {
    await page.goto('/howto');
    const requirements = page.getByTestId('requirements').getByRole('listitem');
    await expect(requirements).toHaveText([
      'The value of each invoice exceeds 70 euros.',
      'The goods are for personal or family use.',
      'The details of your passport or equivalent document appear on the invoice.',
      'You leave the EU within the third month after the invoice issue date.',
    ]);
    await expectAccessible(page);
    await chooseLanguage(page, 'it_IT');
    await expect(requirements.first()).toHaveText('Il valore di ogni fattura supera i 70 euro.');
    await expectAccessible(page);
  });

  test('the language chosen is remembered across a reload', async ({ page }) => {
    await page.goto('/');
    await chooseLanguage(page, 'it_IT');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuto in Varco');
    const cookie = (await page.context().cookies()).find((item) => item.name === 'i18next');
    expect(cookie?.value).toBe('it_IT');
    // a 10-minute cookie
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(cookie!.expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  test('the lng query parameter chooses the language', async ({ page }) => {
    await page.goto('/howto?lng=it_IT');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come funziona');
  });

  test('an unknown address leads to the welcome page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Varco');
  });

  test('a protected page sends a signed-out visitor to sign in', async ({ page }) => {
    await page.goto('/protected');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the footer opens its links in a new tab, with the addresses of the language', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByTestId('footer');
    await expect(footer.getByRole('link')).toHaveCount(4);
    for (const link of await footer.getByRole('link').all()) await expect(link).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('footer-privacy')).toHaveAttribute('href', /\/en\/privacy$/);
    await expect(footer.getByRole('img')).toHaveAttribute('width', '175');
    const assistance = await page.getByTestId('footer-assistance').getAttribute('href');
    await chooseLanguage(page, 'it_IT');
    await expect(page.getByTestId('footer-privacy')).toHaveAttribute('href', /\/portale\/privacy$/);
    await expect(page.getByTestId('footer-accessibility')).toHaveAccessibleName(
      'Dichiarazione di accessibilità (si apre in una nuova scheda)',
    );
    await expect(page.getByTestId('footer-assistance')).toHaveAttribute('href', assistance!);
  });

  test('the design system typefaces load: Titillium Web on /, Lora in a callout', async ({ page }) => {
    /** The weights of a family whose font face has loaded in the page (not merely declared). */
    const loadedWeights = (family: string) =>
      page.evaluate(async (name) => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.replace(/["']/g, '') === name && face.status === 'loaded')
          .map((face) => face.weight);
      }, family);
    const fonts: { url: string; cacheControl: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.woff2'))
        fonts.push({ url: new URL(response.url()).pathname, cacheControl: response.headers()['cache-control'] });
    });

    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveCSS('font-family', /^"Titillium Web"/);
    await expect.poll(() => loadedWeights('Titillium Web')).toEqual(expect.arrayContaining(['400', '700']));
    // The faces of the first screen are preloaded with the page (the first text is its HTML; the scripts are asked for
    // at low priority): shell/webpack/own-pages-text-first.cjs says why.
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(4);
    // Only latin woff2 files of the shell's own hashed assets, cached forever; no Lora where no text needs it.
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.url).toMatch(/^\/assets\/titillium-web-latin-\d00-normal\.[0-9a-f]{10}\.woff2$/);
      expect(font.cacheControl).toContain('immutable');
    }

    await page.goto('/sign-up');
    const callout = page.getByTestId('password-rules').locator('p');
    await expect(callout).toHaveCSS('font-family', /^Lora/);
    await expect.poll(() => loadedWeights('Lora')).toEqual(['400']);
  });

  test('the server error page', async ({ page }) => {
    await page.goto('/server-error');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server Error');
    await expect(page.getByText('Unable to communicate with the server. Please try again later.')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the pages fit the screen and the menu opens', async ({ page }) => {
    await page.goto('/howto');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const home = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' });
    await expect(home).toBeHidden();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(home).toBeVisible();
    await home.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Varco');
    await expectAccessible(page);
  });
});
