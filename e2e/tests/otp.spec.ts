import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { LANGUAGES, labelled, textsOf, type JourneyLanguage } from '../support/messages';
import { createTraveler } from '../support/travelers';
import { lastMailId, waitForMail } from '../support/sign-in';
import type { FreshTraveler } from '../support/travelers';
import { localeOf } from '../support/wizard';

// The sign-in code's countdown in the page, run to its end with the page's clock (not waited for), the offer of a new
// code once it expired, and the new code, read from the mail catcher, signing the traveler in.

/** The api's refusal of a code that is not the current one (otp.incorrect of api/src/i18n/messages.ts). */
const OTP_INCORRECT: Record<JourneyLanguage, string> = {
  en: 'OTP incorrect (enter the correct code)',
  it: 'OTP errato (inserire il codice corretto)',
};

const SEND_OTP = '/api/v1/private/traveler/send-otp';
const isSendOtp = (url: string) => new URL(url).pathname === SEND_OTP;
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;

/** Credentials on /sign-in in `language`; resolves with the expiry of the code the OTP page then asks the api for. */
async function credentials(page: Page, traveler: FreshTraveler, language: JourneyLanguage): Promise<number> {
  const t = textsOf('mf-auth', language);
  await page.goto('/sign-in');
  await chooseLanguage(page, localeOf(language));
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(labelled(t('signIn.email'))).fill(traveler.email);
  await form.getByLabel(labelled(t('signIn.password'))).fill(traveler.password);
  const sent = page.waitForResponse((response) => isSendOtp(response.url()));
  await form.getByRole('button', { name: t('signIn.submit') }).click();
  await expect(page).toHaveURL(/\/sign-in\/otp$/);
  const answer = await sent;
  expect(answer.status()).toBe(200);
  return Date.parse(((await answer.json()) as { expirationDate: string }).expirationDate);
}

async function expireAndResend(page: Page, language: JourneyLanguage): Promise<void> {
  const t = textsOf('mf-auth', language);
  const traveler = await createTraveler();
  // The page's own clock, from now: the countdown is moved to its end rather than waited for.
  await page.clock.install();
  const before = await lastMailId();
  const expiry = await credentials(page, traveler, language);
  const status = page.getByTestId('otp-status');
  await expect(status).toContainText(t('otp.expiresIn', { time: '' }).trim());
  await expect(status).toContainText(/0[45]:\d\d/);
  const first = codeOf((await waitForMail(traveler.email, before, /\b\d{6}\b/)).text);
  const confirm = page.getByRole('button', { name: t('otp.submit') });
  const resend = page.getByRole('button', { name: t('otp.resend') });
  await expect(confirm).toBeEnabled();
  await expect(resend).toHaveCount(0);

  // The last second: 00:01; a second later the code has expired (the page says so rather than showing 00:00).
  await page.clock.pauseAt(expiry - 1_000);
  await page.clock.runFor(500);
  await expect(status.getByText(t('otp.expiresIn', { time: '00:01' }), { exact: true })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(status.getByText(t('otp.expired'), { exact: true })).toBeVisible();
  await expect(status).not.toContainText(t('otp.expiresIn', { time: '' }).trim());
  await expect(confirm).toBeDisabled();
  await expect(resend).toBeVisible();

  // A new code. The api's clock did not move with the page's: the page's is set back to it, so that the new code's
  // countdown starts from its real expiry.
  const beforeResend = await lastMailId();
  const resent = page.waitForResponse((response) => isSendOtp(response.url()));
  await resend.click();
  const newExpiry = Date.parse(((await (await resent).json()) as { expirationDate: string }).expirationDate);
  expect(newExpiry).toBeGreaterThan(expiry);
  await page.clock.setSystemTime(Date.now());
  await page.clock.resume();
  await expect(status).toContainText(/0[45]:\d\d/);
  await expect(resend).toHaveCount(0);
  const second = codeOf((await waitForMail(traveler.email, beforeResend, /\b\d{6}\b/)).text);

  // The first code no longer counts (when it happens to be the new one, there is nothing to refuse).
  const code = page.getByLabel(labelled(t('otp.code')));
  if (first !== second) {
    await code.fill(first);
    await confirm.click();
    await expect(page.getByRole('alert')).toHaveText(OTP_INCORRECT[language]);
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
  }
  await code.fill(second);
  await confirm.click();
  await expect(page).toHaveURL(/\/protected$/);
  await expect(page.getByTestId('avatar')).toContainText('LB');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

test.describe('the sign-in code', () => {
  for (const { code } of LANGUAGES) {
    test(`the countdown runs out, a new code is offered, and the new code signs in (${code})`, async ({ page }) => {
      await expireAndResend(page, code);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the same on a 390 px screen (it)', async ({ page }) => {
      await expireAndResend(page, 'it');
    });
  });
});
