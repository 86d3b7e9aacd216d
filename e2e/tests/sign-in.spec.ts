import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import {
  DEMO_TRAVELER,
  caughtMails,
  lastMailId,
  signInThroughPage,
  submitCredentials,
  waitForMail,
} from '../support/sign-in';
import { createTraveler } from '../support/travelers';

/** Wrong codes the api counts on one code before it refuses even the right one (OTP_MAX_ATTEMPTS of api/src/modules/auth/service.ts). */
const OTP_MAX_ATTEMPTS = 5;
/** A private call of the api: what a session cookie is good for. */
const PRIVATE_CALL = '/api/v1/private/notifications/count';

/** The OTP page's field and button in each language. */
const OTP_FORM = { en: { code: /^Code/, confirm: 'Confirm' }, it: { code: /^Codice/, confirm: 'Conferma' } };

/** Types a code on the OTP page and confirms it; resolves with the status of the api's answer to the check. */
async function confirmCode(page: Page, code: string, language: keyof typeof OTP_FORM = 'en'): Promise<number> {
  await page.getByLabel(OTP_FORM[language].code).fill(code);
  const answer = page.waitForResponse((response) => response.url().includes('/traveler/user-info'));
  await page.getByRole('button', { name: OTP_FORM[language].confirm }).click();
  return (await answer).status();
}

test.describe('sign-in', () => {
  test('a wrong password shows the translated error and stays on the sign-in page', async ({ page }) => {
    // A traveler of its own: wrong passwords count against an account.
    const traveler = await createTraveler();
    await submitCredentials(page, traveler.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Username or password wrong');
    await expect(page).toHaveURL(/\/sign-in$/);

    await chooseLanguage(page, 'it_IT');
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(/^E-mail/).fill(traveler.email);
    await form.getByLabel(/^Password/).fill('ancora-sbagliata');
    await form.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username o password errati');
  });

  test('credentials and the mailed code sign the traveler in; logout returns to the public home', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signInThroughPage(page);
    await expect(page.getByTestId('avatar')).toContainText('MR');
    await expect(page.getByTestId('avatar')).toHaveAccessibleName(/^MR.*Mario Rossi/);
    await expect(page.getByTestId('bell')).toBeVisible();

    // The session survives a reload: the cookie is the server's session.
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText('MR');

    // The cookies of the signed-in browser, replayed from elsewhere: good for a private call now...
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const elsewhere = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
    expect((await elsewhere.get(PRIVATE_CALL)).status()).toBe(200);

    await page.getByTestId('avatar').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('avatar')).toHaveCount(0);
    // ...and for nothing once signed out: the server ended the session, it did not just forget the browser's cookie.
    expect((await elsewhere.get(PRIVATE_CALL)).status()).toBe(401);
    await elsewhere.dispose();
    await page.goto('/protected');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the next traveler of the same page, after a sign-out, sees only their own invoices and requests', async ({
    page,
  }) => {
    await signInThroughPage(page);
    await expect(page.getByTestId('latest-visas')).toBeVisible();
    await expect(page.getByTestId('latest-invoices')).toBeVisible();
    await page.getByTestId('avatar').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);

    // A traveler with no invoice and no request signs in on the same page, through its links: no page load between.
    const before = await lastMailId();
    await page
      .getByRole('link', { name: /sign in/i })
      .first()
      .click();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(/^E-mail/).fill('emily.clark@example.com');
    await form.getByLabel(/^Password/).fill(DEMO_TRAVELER.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    const mail = await waitForMail('emily.clark@example.com', before, /\b\d{6}\b/);
    expect(await confirmCode(page, /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '')).toBe(200);
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText('EC');
    await expect(page.getByTestId('empty-visas')).toBeVisible();
    await expect(page.getByTestId('empty-invoices')).toBeVisible();
    await expect(page.getByTestId('latest-visas')).toHaveCount(0);
    await expect(page.getByText('VR-2026-DEMO0001')).toHaveCount(0);
  });

  test('a sign-out in one tab signs every other tab of the portal out at once', async ({ page }) => {
    await signInThroughPage(page);
    const other = await page.context().newPage();
    await other.goto('/protected/visa');
    await expect(other.getByText('VR-2026-DEMO0001')).toBeVisible();

    await page.getByTestId('avatar').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Without a call of its own: the other tab is sent to the sign-in page, and the traveler's requests are gone.
    await expect(other).toHaveURL(/\/sign-in$/);
    await expect(other.getByText('VR-2026-DEMO0001')).toHaveCount(0);
    await expect(other.getByTestId('avatar')).toHaveCount(0);
  });

  test('a wrong code shows the api’s translated refusal; after too many, even the right code is refused', async ({
    page,
  }) => {
    const traveler = await createTraveler();
    const before = await lastMailId();
    await submitCredentials(page, traveler.email, traveler.password);
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
    const mail = await waitForMail(traveler.email, before, /\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';

    // The api's own words (the page's fallback says it otherwise), in the traveler's language.
    expect(await confirmCode(page, wrong)).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('OTP incorrect (enter the correct code)');
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
    await chooseLanguage(page, 'it_IT');
    expect(await confirmCode(page, wrong, 'it')).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('OTP errato (inserire il codice corretto)');
    await chooseLanguage(page, 'en_US');
    // Two wrong codes so far; the rest of those the api counts.
    for (let attempt = 3; attempt <= OTP_MAX_ATTEMPTS; attempt += 1) {
      expect(await confirmCode(page, wrong)).toBe(401);
      await expect(page.getByRole('alert')).toHaveText('OTP incorrect (enter the correct code)');
    }

    // Locked: the right code no longer signs in.
    expect(await confirmCode(page, code)).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Too many wrong codes: request a new one.');
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
    await chooseLanguage(page, 'it_IT');
    expect(await confirmCode(page, code, 'it')).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Troppi codici errati: richiedine uno nuovo.');
    await expect(page.getByTestId('avatar')).toHaveCount(0);

    // Not a dead end: the page offers a new code, and the new code (with attempts of its own) signs in.
    const beforeResend = await lastMailId();
    await page.getByRole('button', { name: 'Invia un nuovo codice' }).click();
    const resent = await waitForMail(traveler.email, beforeResend, /\b\d{6}\b/);
    const freshCode = /\b(\d{6})\b/.exec(resent.text)![1]!;
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await confirmCode(page, freshCode, 'it')).toBe(200);
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toBeVisible();
  });

  test('a reload of the OTP page keeps the mailed code; the browser keeps nothing of it once signed in', async ({
    page,
  }) => {
    const before = await lastMailId();
    await submitCredentials(page, DEMO_TRAVELER.email, DEMO_TRAVELER.password);
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
    await expect(page.getByText(/^The code expires in/)).toBeVisible();
    const mail = await waitForMail(DEMO_TRAVELER.email, before, /\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const stored = () => page.evaluate(() => localStorage.getItem('varco-session') ?? '');

    // Reloaded, the page goes on counting down the code already mailed, and sends no other.
    await page.reload();
    await expect(page.getByText(/^The code expires in/)).toBeVisible();
    await page.getByLabel(/^Code/).fill(code);
    expect(await stored()).not.toContain(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText('MR');
    const codeMails = (await caughtMails()).filter(
      (item) => item.id > before && item.to.includes(DEMO_TRAVELER.email) && /\b\d{6}\b/.test(item.text),
    );
    expect(codeMails).toHaveLength(1);

    // Signed in: the storage holds the session user, not the code (nor its expiry).
    const saved = await stored();
    expect(saved).not.toContain(code);
    expect(JSON.parse(saved).state).toEqual({
      user: { numeroDocumento: expect.any(String), nome: DEMO_TRAVELER.nome, cognome: DEMO_TRAVELER.cognome },
      area: 'free',
      otpExpiration: null,
      visaCreationEnabled: expect.any(Boolean),
      homeCounts: {
        invoices: expect.any(Number),
        availableInvoices: expect.any(Number),
        visaRequests: expect.any(Number),
      },
    });

    // The way back leads to the signed-in home, not to the code step.
    await page.goBack();
    await expect(page).toHaveURL(/\/protected$/);
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText('MR');
    expect(await stored()).not.toContain(code);
  });
});
