import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_TABLE } from '../../shared/contracts/src/language';
import { chooseLanguage, expectReflows, NARROW, TEXT_SPACING_CSS, undersizedTargets } from '../support/reflow';
import { signIn } from '../support/sign-in';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice } from '../support/travelers';

// Every page at 320 CSS px (WCAG 1.4.10) in each of the twelve languages: one visit per page, the language then
// changed with the header's selector, as a traveler does, which is much cheaper than a visit per language.

const SHORTS = LANGUAGE_TABLE.map(({ short }) => short);

test.use({ viewport: NARROW });

/** The page shown, in every language: no sideways scroll, nothing out of the viewport, targets of 24 px or spaced. */
async function checkEveryLanguage(page: Page, where: string, prepare?: () => Promise<void>): Promise<void> {
  for (const short of SHORTS) {
    await chooseLanguage(page, short);
    if (prepare) await prepare();
    await expectReflows(page, `${where} in ${short}`).catch((error: Error) => expect.soft(error.message).toBe(''));
    expect.soft(await undersizedTargets(page), `${where} in ${short}: controls under 24 px`).toEqual([]);
  }
}

const PUBLIC_PAGES = ['/', '/howto', '/sign-in', '/sign-up', '/recover-password', '/server-error'];

for (const path of PUBLIC_PAGES) {
  test(`signed out, ${path} fits 320 px in every language`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    await checkEveryLanguage(page, path);
  });
}

const SIGNED_IN_PAGES = [
  '/protected',
  '/protected/invoice',
  '/protected/invoice/claims',
  '/protected/invoice/claims/missing',
  '/protected/invoice/999999',
  '/protected/visa',
  '/protected/visa/create',
  '/protected/edit-user',
  '/protected/notifications',
];

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  for (const path of SIGNED_IN_PAGES) {
    test(`${path} fits 320 px in every language`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main h1, #main h1').first()).toBeVisible();
      await checkEveryLanguage(page, path);
    });
  }

  test('a visa request with its QR and an invoice fit 320 px in every language', async ({ page }) => {
    for (const list of ['/protected/visa', '/protected/invoice']) {
      await page.goto(list);
      const pattern = new RegExp(`^${list}/\\d+$`);
      await expect(page.locator('#main a[href*="/protected/"]').first()).toBeVisible();
      const href = await page
        .locator('#main a[href]')
        .evaluateAll((links, source) => {
          const wanted = new RegExp(source);
          return links.map((link) => new URL((link as HTMLAnchorElement).href).pathname).find((at) => wanted.test(at));
        }, pattern.source)
        .then((found) => found!);
      await page.goto(href);
      await expect(page.locator('#main h1').first()).toBeVisible();
      await checkEveryLanguage(page, href);
    }
  });

  test('the phone menu and the profile menu open fit 320 px in every language', async ({ page }) => {
    for (const short of SHORTS) {
      await chooseLanguage(page, short);
      await page.locator('.custom-navbar-toggler').click();
      await expect(page.locator('#main-menu.expanded')).toBeVisible();
      await expectReflows(page, `the phone menu in ${short}`).catch((error: Error) =>
        expect.soft(error.message).toBe(''),
      );
      await page.locator('#main-menu .close-menu').click();
      await page.getByTestId('avatar').click();
      await expectReflows(page, `the profile menu in ${short}`).catch((error: Error) =>
        expect.soft(error.message).toBe(''),
      );
      await page.getByTestId('avatar').click();
    }
  });

  test('with the text-spacing style, the pages fit 320 px in German, Russian and Arabic', async ({ page }) => {
    for (const path of ['/protected', '/protected/invoice', '/protected/visa', '/protected/visa/create']) {
      await page.goto(path);
      await page.addStyleTag({ content: TEXT_SPACING_CSS });
      for (const short of ['de', 'ru', 'ar']) {
        await chooseLanguage(page, short);
        await expectReflows(page, `${path} spaced in ${short}`).catch((error: Error) =>
          expect.soft(error.message).toBe(''),
        );
      }
    }
  });
});

test('the wizard with its errors fits 320 px in every language', async ({ page }) => {
  // A traveler with an invoice and no pending request, whom the wizard lets start one.
  const traveler = await createTraveler();
  const { invoiceNumber } = await issueInvoice(traveler, 240);
  await signIn(page, { traveler });
  await page.goto('/protected/visa/create');
  await page.getByText(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`).click();
  await checkEveryLanguage(page, 'step 1');
  await chooseLanguage(page, 'en');
  await page.getByRole('button', { name: 'Next' }).click();
  // Next on the empty travel details: every required field shows its message.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#main .invalid-feedback').first()).toBeVisible();
  await checkEveryLanguage(page, 'step 2 with its errors');
});
