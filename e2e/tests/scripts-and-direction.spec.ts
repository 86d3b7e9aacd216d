import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in';
import { createTraveler, issueInvoice } from '../support/travelers';
import { requestVisaThroughApi } from '../support/visas';

// Every script of the portal's languages in real faces, each language's faces only on its pages, and Arabic right to
// left (docs/architecture.md, "Scripts and direction").

const SHELL_BUILD = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'dist', 'cdn', 'shell');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** What only some languages load: their faces' stylesheets and files, and the mirrored stylesheets. */
const OTHER_SCRIPTS = /fonts-|noto-sans|latin-ext|\.rtl\./;

const built = (file: string) => readFileSync(join(SHELL_BUILD, file), 'utf8');
const pagesOf = (language: string) =>
  readdirSync(join(SHELL_BUILD, 'pages', language)).filter((file) => /\.html$/.test(file));
/** The stylesheets a page links, and the `url()`s of what it writes in. */
const linkedStylesheets = (html: string) =>
  [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map(([tag]) => /href="([^"]+)"/.exec(tag)![1]!);
const fontsOf = (css: string) => [...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map(([, url]) => url!).sort();

/** The elements wider than the viewport, or outside it on either side: what makes a phone's page scroll sideways. */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -1 || box.right > width + 1) && element.checkVisibility();
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} ${element.getBoundingClientRect().left}→${element.getBoundingClientRect().right}`,
      );
    const scrolls =
      document.documentElement.scrollWidth > width ? [`page ${document.documentElement.scrollWidth} > ${width}`] : [];
    return [...scrolls, ...outside.slice(0, 5)];
  });
}

/** The stylesheets the page applies now: their addresses, or "written in the page". */
const appliedStylesheets = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].filter((sheet) => !sheet.disabled).map((sheet) => sheet.href ?? 'written in the page'),
  );

/** Right to left, in the mirrored stylesheets only, and nothing sticks out sideways. */
async function expectRightToLeft(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect
    .poll(async () =>
      (await appliedStylesheets(page)).filter((href) => /\/(main|design-system)\.[0-9a-f]{10}\.css$/.test(href)),
    )
    .toEqual([]);
  expect(
    (await appliedStylesheets(page)).some(
      (href) => /\/main\.rtl\.[0-9a-f]{10}\.css$/.test(href) || href === 'written in the page',
    ),
  ).toBe(true);
  await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A page in the browser's language `locale`, at `viewport`, with every address it asked for. */
async function visitIn(browser: Browser, locale: string, viewport = DESKTOP) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return { context, page, requested };
}

// Each test has travelers of its own (the worker's copy of the demo traveler, or fresh ones): they run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('a page in English or Italian carries nothing of the other scripts', () => {
  test('in the build: the same stylesheet and the same four faces as before any other language', () => {
    const entry = readdirSync(SHELL_BUILD).filter((file) => /^main\.[0-9a-f]{10}\.css$/.test(file));
    expect(entry).toHaveLength(1);
    const css = built(entry[0]!);
    // Titillium Web's latin subset in its four weights and Lora's, nothing else.
    expect(fontsOf(css).map((url) => url.replace(/\.[0-9a-f]{10}\.woff2$/, ''))).toEqual([
      '/assets/lora-latin-400-normal',
      '/assets/titillium-web-latin-300-normal',
      '/assets/titillium-web-latin-400-normal',
      '/assets/titillium-web-latin-600-normal',
      '/assets/titillium-web-latin-700-normal',
    ]);
    for (const language of ['en', 'it']) {
      for (const file of pagesOf(language)) {
        const html = built(`pages/${language}/${file}`);
        expect(html, `${language}/${file}`).not.toMatch(OTHER_SCRIPTS);
        expect(linkedStylesheets(html), `${language}/${file}`).toEqual(
          /^(index|howto)\.html$/.test(file) ? [] : [`/${entry[0]}`],
        );
      }
    }
    expect(built('index.html')).not.toMatch(OTHER_SCRIPTS);
    // The service worker precaches none of them: they are kept once a page of their language has used them.
    expect(built('sw.js')).not.toMatch(OTHER_SCRIPTS);
  });

  test('in the build: each other script’s page links its faces, and Arabic the mirrored stylesheet', () => {
    const faces = (language: string) => linkedStylesheets(built(`pages/${language}/frame.html`));
    for (const language of ['zh-Hans', 'ja', 'ko', 'ru', 'tr'])
      expect(faces(language)).toEqual([
        expect.stringMatching(/^\/main\.[0-9a-f]{10}\.css$/),
        expect.stringMatching(new RegExp(`^/fonts-${language}\\.[0-9a-f]{10}\\.css$`)),
      ]);
    expect(faces('ar')).toEqual([
      expect.stringMatching(/^\/main\.rtl\.[0-9a-f]{10}\.css$/),
      expect.stringMatching(/^\/fonts-ar\.[0-9a-f]{10}\.css$/),
    ]);
    for (const language of ['fr', 'de', 'es', 'pt-BR'])
      expect(faces(language)).toEqual([expect.stringMatching(/^\/main\.[0-9a-f]{10}\.css$/)]);
  });

  test('in the browser: an English visit, signed out and signed in, asks for no file of another script', async ({
    browser,
  }) => {
    // Three pages signed out, a sign-in and the home, each in a new browser's first visit: longer than one journey.
    test.setTimeout(120_000);
    const { context, page, requested } = await visitIn(browser, 'en-US');
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    await page.goto('/howto');
    await page.goto('/sign-in');
    await signIn(page);
    await expect(page.getByTestId('latest-invoices')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(requested.filter((path) => OTHER_SCRIPTS.test(path))).toEqual([]);
    expect(requested.some((path) => /titillium-web-latin-400-normal/.test(path))).toBe(true);
    await context.close();
  });
});

for (const { short, locale, family, sample, screenshots } of [
  { short: 'zh-Hans', locale: 'zh-CN', family: 'Noto Sans SC', sample: '中', screenshots: true },
  { short: 'ja', locale: 'ja-JP', family: 'Noto Sans JP', sample: 'あ', screenshots: false },
  { short: 'ko', locale: 'ko-KR', family: 'Noto Sans KR', sample: '한', screenshots: false },
  { short: 'ru', locale: 'ru-RU', family: 'Noto Sans', sample: 'Ж', screenshots: true },
]) {
  test(`a page in ${short} is drawn in ${family}, served with its faces`, async ({ browser }) => {
    // The welcome page in a new browser on two screens, its faces loaded and drawn: longer than one journey.
    test.setTimeout(90_000);
    for (const viewport of screenshots ? [DESKTOP, PHONE] : [DESKTOP]) {
      const { context, page, requested } = await visitIn(browser, locale, viewport);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', short);
      await page.evaluate(() => document.fonts.ready);
      // The heading's first family that has the glyph is the Noto face, and that face is one the page has loaded.
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.evaluate((element) => getComputedStyle(element).fontFamily)).toContain(family);
      const loaded = await page.evaluate(
        ({ family, sample }) =>
          [...document.fonts].some((face) => face.family.replace(/"/g, '') === family && face.status === 'loaded') &&
          document.fonts.check(`16px "${family}"`, sample),
        { family, sample },
      );
      expect(loaded).toBe(true);
      expect(requested.some((path) => path.includes(`/assets/${family.toLowerCase().replaceAll(' ', '-')}-`))).toBe(
        true,
      );
      await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
      if (screenshots) await shoot(page, `welcome-${short}-${viewport.width}`);
      await context.close();
    }
  });
}

test('a page in Turkish draws its own letters in Titillium Web (latin-ext)', async ({ browser }) => {
  const { context, page, requested } = await visitIn(browser, 'tr-TR');
  await page.goto('/howto');
  await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
  await page.evaluate(() => document.fonts.ready);
  expect(requested.some((path) => path.startsWith('/assets/titillium-web-latin-ext-'))).toBe(true);
  expect(requested.filter((path) => path.includes('noto-sans'))).toEqual([]);
  await context.close();
});

test.describe('Arabic, right to left', () => {
  test('the public pages, on a phone and a desktop: mirrored, nothing sticking out, the side menu from the right', async ({
    browser,
  }) => {
    // Every public page on two screens, each in a new browser's first visit, with its menu open.
    test.setTimeout(120_000);
    for (const viewport of [PHONE, DESKTOP]) {
      const { context, page } = await visitIn(browser, 'ar', viewport);
      await page.goto('/');
      await expectRightToLeft(page);
      // The header's start is on the right: the agency's name right of the language selector.
      const brand = await page.getByTestId('agency-banner').boundingBox();
      const selector = await page.locator('#language-select').boundingBox();
      expect(brand!.x).toBeGreaterThan(selector!.x);
      await shoot(page, `welcome-ar-${viewport.width}`);
      await page.goto('/sign-in');
      await expect(page.getByTestId('spid-link')).toBeVisible({ timeout: 30_000 });
      await expectRightToLeft(page);
      await shoot(page, `sign-in-ar-${viewport.width}`);
      if (viewport === PHONE) {
        await page.locator('.custom-navbar-toggler').click();
        const panel = page.locator('#main-menu .menu-wrapper');
        await expect(panel).toBeVisible();
        await expect
          .poll(async () => (await panel.boundingBox())!.x + (await panel.boundingBox())!.width)
          .toBeCloseTo(PHONE.width, 0);
        await shoot(page, `menu-ar-${viewport.width}`);
      }
      await context.close();
    }
  });

  test('a traveler switches to Arabic: home, invoices, the wizard and the visa with its QR, mirrored', async ({
    page,
  }) => {
    // Five signed-in pages served anew in Arabic on two screens each, and the avatar's menu on both: several journeys.
    test.setTimeout(240_000);
    const traveler = await createTraveler({ nome: 'Layla', cognome: 'Haddad' });
    const { refundId } = await issueInvoice(traveler, 480);
    await issueInvoice(traveler, 950);
    await signIn(page, { traveler });
    const id = await requestVisaThroughApi(page, traveler, refundId);

    // English until here; the selector turns the same page right to left, with no reload.
    await page.goto(`/protected/visa/update/${id}?step=1`);
    await expect(page.getByTestId('step-indicator')).toBeVisible({ timeout: 30_000 });
    const chevron = page.locator('.varco-chevron').first();
    await expect(chevron).toBeVisible();
    expect(await chevron.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
    await page.locator('#language-select').selectOption('ar');
    await expectRightToLeft(page);
    await expect
      .poll(() => chevron.evaluate((element) => getComputedStyle(element).transform))
      .toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The icons that point nowhere are not mirrored.
    expect(
      await page
        .getByTestId('bell-slot')
        .locator('svg')
        .first()
        .evaluate((element) => getComputedStyle(element).transform),
    ).toBe('none');

    // The avatar's menu opens under the avatar, now at the left, towards the page: inside the viewport.
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.getByTestId('avatar').click();
      const menu = page.locator('#user-menu');
      await expect(menu).toBeVisible();
      const avatar = (await page.getByTestId('avatar').boundingBox())!;
      const box = (await menu.boundingBox())!;
      expect(avatar.x).toBeLessThan(viewport.width / 2);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(Math.abs(box.x - avatar.x)).toBeLessThan(2);
      await shoot(page, `user-menu-ar-${viewport.width}`);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }

    // Each page served anew, now in Arabic (the language's cookie): the prerendered right-to-left frame.
    for (const [path, ready, name] of [
      ['/protected', 'latest-visas', 'home'],
      ['/protected/invoice', 'invoice-list', 'invoices'],
      [`/protected/visa/update/${id}?step=1`, 'step-indicator', 'wizard-step-1'],
      [`/protected/visa/update/${id}?step=2`, 'travel-form', 'wizard-step-2'],
      [`/protected/visa/${id}`, 'visa-qr', 'visa'],
    ] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
        await expectRightToLeft(page);
        await shoot(page, `${name}-ar-${viewport.width}`);
      }
    }
    // The QR is not mirrored.
    expect(
      await page
        .getByTestId('visa-qr')
        .getByRole('img')
        .evaluate((element) => getComputedStyle(element).transform),
    ).toBe('none');

    // And back to English: left to right again, the entry's own stylesheet back in place.
    await page.locator('#language-select').selectOption('en_US');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect
      .poll(() =>
        page.evaluate(
          () => [...document.styleSheets].filter((sheet) => !sheet.disabled && /\.rtl\./.test(sheet.href ?? '')).length,
        ),
      )
      .toBe(0);
    await expect.poll(() => sidewaysOverflow(page)).toEqual([]);
  });
});
