import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_TABLE } from '../../shared/contracts/src/language';
import {
  chooseLanguage,
  expectReflows,
  LARGE_TEXT_CSS,
  NARROW,
  TEXT_SPACING_CSS,
  undersizedTargets,
} from '../support/reflow';
import { labelled } from '../support/messages';
import { lastMailId, signIn, submitCredentials, waitForMail } from '../support/sign-in';
import { addVirtualAuthenticator } from '../support/passkeys';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice } from '../support/travelers';
import { fillTravelDetails } from '../support/visas';

// Every page at 320 CSS px (WCAG 1.4.10) in each of the twelve languages: one visit per page, the language then
// changed with the header's selector, as a traveler does, which is much cheaper than a visit per language.

const SHORTS = LANGUAGE_TABLE.map(({ short }) => short);

test.use({ viewport: NARROW });
// Each test on its own: the signed-in ones as the worker's copy of the demo traveler, the others as travelers of theirs.
test.describe.configure({ mode: 'parallel' });

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

test('the sign-in code page, a password change from its link and a wrong activation link fit 320 px in every language', async ({
  page,
}) => {
  const traveler = await createTraveler();
  await submitCredentials(page, traveler.email, traveler.password);
  await expect(page).toHaveURL(/\/sign-in\/otp$/);
  await checkEveryLanguage(page, '/sign-in/otp');
  // Signed out again (the session and what the page keeps of it), for the pages of a signed-out visitor.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await page.goto('/recover-password');
  await chooseLanguage(page, 'en');
  const before = await lastMailId();
  await page.getByTestId('recover-form').getByLabel(labelled('E-mail')).fill(traveler.email);
  await page.getByTestId('recover-form').getByRole('button', { name: 'Send' }).click();
  const pattern = /https?:\/\/[^\s/]+(\/change-password\?key1=[\w-]+&key2=[\w-]+)/;
  const mail = await waitForMail(traveler.email, before, pattern);
  await page.goto(pattern.exec(mail.text)![1]!);
  await expect(page.getByTestId('change-password-form')).toBeVisible();
  await checkEveryLanguage(page, '/change-password');

  // An activation link that was never sent: the refusal, in every language.
  await page.goto(`/sign-up?key1=${'a'.repeat(43)}&key2=${'b'.repeat(43)}`);
  await expect(page.locator('#main [role="alert"]').first()).toBeVisible();
  await checkEveryLanguage(page, 'a wrong activation link');
});

test('the profile with a passkey fits 320 px in every language', async ({ page }) => {
  await addVirtualAuthenticator(await page.context().newCDPSession(page));
  const traveler = await createTraveler();
  await signIn(page, { traveler });
  await page.goto('/protected/edit-user');
  const section = page.getByTestId('passkeys');
  await section.getByLabel(/^Name of the passkey/).fill('Laptop di viaggio per le vacanze estive');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByTestId('passkey-item')).toBeVisible();
  await checkEveryLanguage(page, '/protected/edit-user with a passkey');
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

  // Step 3, the summary, once the travel details are filled.
  await chooseLanguage(page, 'en');
  await fillTravelDetails(page, traveler);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Send request' })).toBeVisible();
  await checkEveryLanguage(page, 'step 3');
});

test.describe('at 200 % text size', () => {
  // WCAG 1.4.4 on a desktop screen: the browser's text size doubled (the root font size: the design system is in rem).
  test.use({ viewport: { width: 1280, height: 800 } });

  /** Each page at 200 % text size, in German and Arabic: nothing out of the screen. */
  async function checkLargeText(page: Page, paths: string[]): Promise<void> {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('#main h1').first()).toBeVisible();
      await page.addStyleTag({ content: LARGE_TEXT_CSS });
      for (const short of ['de', 'ar']) {
        await chooseLanguage(page, short);
        await expectReflows(page, `${path} at 200 % in ${short}`).catch((error: Error) =>
          expect.soft(error.message).toBe(''),
        );
      }
    }
  }

  test('the pages keep their content on screen in German and Arabic', async ({ page }) => {
    await signIn(page);
    await checkLargeText(page, [
      '/protected',
      '/protected/invoice',
      '/protected/visa',
      '/protected/visa/create',
      '/protected/edit-user',
    ]);
  });

  test('signed out, the pages keep their content on screen in German and Arabic', async ({ page }) => {
    await checkLargeText(page, ['/', '/howto', '/sign-in', '/sign-up']);
  });
});
