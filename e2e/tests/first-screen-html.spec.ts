import { expect, test, type Page } from '@playwright/test';
import { pageErrors } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { createTraveler } from '../support/travelers';

const PHONE = { width: 390, height: 844 };

/**
 * Records the page's errors (React reports a hydration that does not match as one) and marks, before any script of the
 * page runs, the element `selector` finds in the HTML the CDN served: hydration keeps that very element, a render anew
 * replaces it.
 */
async function watchHydration(page: Page, selector: string): Promise<string[]> {
  const errors = pageErrors(page);
  await page.addInitScript((served) => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') document.querySelector(served)?.setAttribute('data-served', '');
    });
  }, selector);
  return errors;
}

/**
 * The served element is still the one on screen once the page is interactive (the navigation marks the current page,
 * which the HTML of the build, made for any address, does not), and React reported no error.
 */
async function expectHydrated(page: Page, selector: string, errors: string[], current: string | null): Promise<void> {
  await expect(page.locator('#main .varco-loader')).toHaveCount(0);
  await expect(page.locator(`${selector}[data-served]`)).toBeVisible();
  await expect(page.locator('#main-menu .nav-link.active')).toHaveText(current === null ? [] : [current]);
  await expect(page.getByTestId('footer')).toBeVisible();
  expect(errors).toEqual([]);
}

test.describe('the first screen arrives as HTML (rendered at build time)', () => {
  test('without JavaScript, the welcome page and how it works are there, in the language of the browser', async ({
    browser,
  }) => {
    const italian = await browser.newContext({ javaScriptEnabled: false, locale: 'it-IT', viewport: PHONE });
    const page = await italian.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuto in Varco');
    await expect(page.getByRole('link', { name: 'Accedi' }).first()).toBeVisible();
    await expect(page.getByTestId('footer-privacy')).toHaveAttribute('href', 'https://www.adm.gov.it/portale/privacy');
    await expect(page.getByText(/^Varco richiede JavaScript/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('welcome-it-no-script.png') });
    await italian.close();

    const english = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    const howTo = await english.newPage();
    await howTo.goto('/howto');
    await expect(howTo.getByRole('heading', { level: 1 })).toHaveText('How it works');
    await expect(howTo.getByTestId('requirements').getByRole('listitem')).toHaveCount(4);
    // Any other address: the page frame, with the page's place kept and the footer out of sight until the page comes
    // (so that it does not move in view).
    await howTo.goto('/sign-in');
    await expect(howTo.getByTestId('header')).toBeVisible();
    await expect(howTo.locator('#main .varco-loader')).toBeVisible();
    await expect(howTo.getByTestId('footer')).toBeHidden();
    // What the link carries first: on a page whose first screen is its text, the faces before the scripts; on a frame,
    // whose first screen waits for the scripts, the scripts alone.
    const scripts = 'link[rel="preload"][as="script"]';
    await expect(howTo.locator(scripts).first()).toBeAttached();
    await expect(howTo.locator(`${scripts}[fetchpriority]`)).toHaveCount(0);
    await expect(howTo.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    await howTo.goto('/howto');
    await expect(howTo.locator(`${scripts}:not([fetchpriority="low"])`)).toHaveCount(0);
    await expect(howTo.locator('link[rel="preload"][as="font"]')).toHaveCount(4);
    await english.close();

    // The languages with a region or a script in their name are served the same page: its stylesheet written in.
    for (const locale of ['pt-BR', 'zh-CN']) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const welcome = await context.newPage();
      await welcome.goto('/');
      await expect(welcome.locator('html')).toHaveAttribute('lang', locale === 'pt-BR' ? 'pt-BR' : 'zh-Hans');
      await expect(welcome.locator('head style')).toHaveCount(1);
      await expect(welcome.locator('link[rel="stylesheet"][href*="/main."]')).toHaveCount(0);
      await expect(welcome.locator(`${scripts}:not([fetchpriority="low"])`)).toHaveCount(0);
      await context.close();
    }
  });

  test('the chosen language (its cookie) comes before the browser’s, and the lng parameter before both', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-US' });
    await context.addCookies([{ name: 'i18next', value: 'it_IT', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/howto');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come funziona');
    await page.goto('/howto?lng=en_US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('How it works');
    await context.close();
  });

  for (const [path, language, heading, current] of [
    ['/', 'it-IT', 'Benvenuto in Varco', 'Home'],
    ['/howto', 'en-US', 'How it works', 'How to'],
  ] as const) {
    test(`${path} in ${language} is hydrated: the same elements, no mismatch, no layout shift`, async ({ browser }) => {
      const context = await browser.newContext({ locale: language, viewport: PHONE });
      const page = await context.newPage();
      const errors = await watchHydration(page, 'h1');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectHydrated(page, 'h1', errors, current);
      const shift = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
                total += entry.value;
            }).observe({ type: 'layout-shift', buffered: true });
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
          }),
      );
      expect(shift).toBeLessThan(0.01);
      // And it works: the links are the router's.
      await page
        .getByRole('link', { name: path === '/' ? 'Accedi' : 'Sign in' })
        .first()
        .click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await context.close();
    });
  }

  test('the frame of any other page is hydrated, signed out and signed in', async ({ page }) => {
    const errors = await watchHydration(page, 'header');
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expectHydrated(page, 'header', errors, null);

    await signIn(page, { traveler: await createTraveler() });
    // A new visit with the session: the CDN serves the signed-in frame, which React takes over.
    await page.goto('/protected/visa');
    await expect(page.getByTestId('avatar')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText([
      'Home',
      'All invoices',
      'All visa requests',
    ]);
    await expectHydrated(page, 'header', errors, 'All visa requests');
  });

  test('a repeat visit gets its page from the service worker, in the language the traveler chose, and hydrates it', async ({
    page,
  }) => {
    await page.goto('/howto');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByLabel('Language').selectOption('it_IT');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come funziona');
    const errors = await watchHydration(page, 'h1');
    for (const [path, heading, current] of [
      ['/', 'Benvenuto in Varco', 'Home'],
      ['/howto', 'Come funziona', 'Come funziona'],
    ] as const) {
      const answer = await page.goto(path);
      expect(answer?.fromServiceWorker()).toBe(true);
      await expect(page.locator('#root')).toHaveAttribute('data-page', path === '/' ? 'index' : 'howto');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectHydrated(page, 'h1', errors, current);
    }
  });

  test('a language remembered only in this browser is served once the page is asked for again, before it starts', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const errors = await watchHydration(page, 'h1');
    // The choice of a visit more than 10 minutes ago: in local storage, its cookie gone.
    await page.goto('/howto');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'it_IT'));
    await context.clearCookies();
    const pages: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') pages.push(response.headers()['content-language'] ?? '');
    });
    await page.goto('/howto');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Come funziona');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expectHydrated(page, 'h1', errors, 'Come funziona');
    expect(pages).toEqual(['en', 'it']);
    await context.close();
  });
});
