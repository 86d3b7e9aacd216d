import { expect, test, type Page, type Response } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { LANGUAGES, labelled, textsOf, type JourneyLanguage } from '../support/messages';
import { CAPTCHA_TEST_ANSWER } from '../support/ports';
import { uniqueSuffix } from '../support/travelers';
import { localeOf } from '../support/wizard';

// The registration form's captcha as the browser shows it, with the api's real challenges: the picture, its reading
// (a WAV the api serves, played by the browser), a new picture on demand and after a wrong code. Only the last code
// typed is the e2e api's test answer (CAPTCHA_TEST_ANSWER); the wrong one cannot be right: 0 and O are not in the
// alphabet of the codes (api/src/modules/captcha/code.ts).
const WRONG_CODE = '0O0O0';

/** The api's one answer to a failed captcha (captcha.invalid of api/src/i18n/messages.ts), in each language. */
const CAPTCHA_INVALID: Record<JourneyLanguage, string> = {
  en: 'Captcha not present or invalid.',
  it: 'Captcha non presente o non valido.',
};

interface Challenge {
  token: string;
  imageB64: string;
  audioB64: string;
}

/** Every challenge the api sends the page, in order. */
function recordChallenges(page: Page): Challenge[] {
  const challenges: Challenge[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === '/api/v1/public/captcha' && response.ok())
      void response.json().then((body: { captcha: Challenge }) => challenges.push(body.captcha));
  });
  return challenges;
}

/** What the page plays: the source of each media element started, and the element itself, kept on `window`. */
async function recordPlayback(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const played: string[] = [];
    const record = window as unknown as { e2ePlayed: string[]; e2eAudio?: HTMLMediaElement };
    record.e2ePlayed = played;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function playAndRecord(this: HTMLMediaElement) {
      played.push(this.src);
      record.e2eAudio = this;
      return play.call(this);
    };
  });
}

const pictureOf = (page: Page, t: ReturnType<typeof textsOf>) =>
  page.getByTestId('sign-up-form').getByRole('img', { name: t('signUp.captchaImage') });

/** Fills every field of the registration form but the security code, choosing from the real lists by their codes. */
async function fillRegistration(page: Page, t: ReturnType<typeof textsOf>, email: string): Promise<void> {
  const form = page.getByTestId('sign-up-form');
  const field = (key: string) => form.getByLabel(labelled(t(key)));
  await field('signUp.name').fill('Anna');
  await field('signUp.surname').fill('Neri');
  await field('signUp.birthday').fill('1990-02-11');
  await expect(field('signUp.country')).toBeEnabled();
  await field('signUp.country').selectOption('CH');
  await expect(field('signUp.documentType')).toBeEnabled();
  await field('signUp.documentType').selectOption('PASSAPORTO');
  await field('signUp.documentCountry').selectOption('CH');
  await field('signUp.documentNumber').fill(`C${uniqueSuffix()}`.toUpperCase());
  await field('signUp.email').fill(email);
  await field('signUp.confirmEmail').fill(email);
  await field('signUp.password').fill('Varco-Test-2026!');
  await field('signUp.confirmPassword').fill('Varco-Test-2026!');
  await form.locator('label', { hasText: t('signUp.privacy') }).click();
  await expect(field('signUp.privacy')).toBeChecked();
}

/** The base64 of a picture's data: address. */
const pictureData = async (page: Page, t: ReturnType<typeof textsOf>) =>
  ((await pictureOf(page, t).getAttribute('src')) ?? '').replace(/^data:image\/png;base64,/, '');

test.describe('the captcha of the registration form', () => {
  for (const { code: language } of LANGUAGES) {
    test(`listen plays the api's WAV; a new picture on demand (${language})`, async ({ page }) => {
      const t = textsOf('mf-auth', language);
      await recordPlayback(page);
      const challenges = recordChallenges(page);
      await page.goto('/sign-up');
      await chooseLanguage(page, localeOf(language));
      const form = page.getByTestId('sign-up-form');
      await expect(pictureOf(page, t)).toBeVisible();
      await expect.poll(() => challenges.length).toBeGreaterThan(0);
      const first = await pictureData(page, t);
      expect(first).toBe(challenges.at(-1)!.imageB64);
      expect(Buffer.from(first, 'base64').subarray(1, 4).toString()).toBe('PNG');

      // Listen: the page plays the reading the api sent with this picture, a RIFF/WAVE file the browser can read.
      await form.getByRole('button', { name: t('signUp.captchaListen') }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { e2ePlayed: string[] }).e2ePlayed.length))
        .toBe(1);
      const played = await page.evaluate(() => (window as unknown as { e2ePlayed: string[] }).e2ePlayed[0]!);
      expect(played.startsWith('data:audio/wav;base64,')).toBe(true);
      const wav = Buffer.from(played.slice('data:audio/wav;base64,'.length), 'base64');
      expect(wav.subarray(0, 4).toString()).toBe('RIFF');
      expect(wav.subarray(8, 12).toString()).toBe('WAVE');
      expect(played.slice('data:audio/wav;base64,'.length)).toBe(challenges.at(-1)!.audioB64);
      // The browser decoded it: it knows how long it lasts.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { e2eAudio: HTMLMediaElement }).e2eAudio.duration))
        .toBeGreaterThan(0.5);

      // A new picture on demand: another challenge of the api, another picture, the code typed so far cleared.
      const code = form.getByLabel(labelled(t('signUp.captcha')));
      await code.fill('ABCDE');
      const asked = challenges.length;
      await form.getByRole('button', { name: t('signUp.captchaReload') }).click();
      await expect.poll(() => challenges.length).toBe(asked + 1);
      await expect.poll(() => pictureData(page, t)).toBe(challenges.at(-1)!.imageB64);
      expect(await pictureData(page, t)).not.toBe(first);
      expect(challenges.at(-1)!.token).not.toBe(challenges.at(-2)!.token);
      await expect(code).toHaveValue('');
    });

    test(`a wrong code is listed once and brings a new picture; the right one registers (${language})`, async ({
      page,
    }) => {
      const t = textsOf('mf-auth', language);
      const challenges = recordChallenges(page);
      await page.goto('/sign-up');
      await chooseLanguage(page, localeOf(language));
      const form = page.getByTestId('sign-up-form');
      await expect(pictureOf(page, t)).toBeVisible();
      const email = `anna.neri.${uniqueSuffix()}@example.com`;
      await fillRegistration(page, t, email);
      await expect.poll(() => challenges.length).toBeGreaterThan(0);
      const code = form.getByLabel(labelled(t('signUp.captcha')));
      const confirm = form.getByRole('button', { name: t('signUp.confirm'), exact: true });
      // The api of the browser tests takes as many registrations from this address as the suite makes
      // (REGISTRATION_RATE_LIMIT_MAX): a 429 here is a failure.
      const before = await pictureData(page, t);
      const asked = challenges.length;
      await code.fill(WRONG_CODE);
      const refused = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v1/public/traveler',
      );
      await confirm.click();
      expect((await refused).status()).toBe(400);
      const errors = page.getByTestId('server-errors');
      await expect(errors).toBeFocused();
      await expect(errors.getByText(t('signUp.errorsTitle'))).toBeVisible();
      await expect(errors.getByRole('listitem')).toHaveText([CAPTCHA_INVALID[language]]);
      // A new challenge, a new picture, and the code to type again; the rest of the form is kept.
      await expect.poll(() => challenges.length).toBe(asked + 1);
      await expect.poll(() => pictureData(page, t)).toBe(challenges.at(-1)!.imageB64);
      expect(await pictureData(page, t)).not.toBe(before);
      await expect(code).toHaveValue('');
      await expect(form.getByLabel(labelled(t('signUp.email')))).toHaveValue(email);

      await code.fill(CAPTCHA_TEST_ANSWER);
      const registered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v1/public/traveler',
      );
      await confirm.click();
      expect((await registered).status()).toBe(201);
      await expect(page.getByTestId('check-mail')).toContainText(t('signUp.checkMailText', { email }));
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the picture, its reading and a new picture fit a 390 px screen (it)', async ({ page }) => {
      const t = textsOf('mf-auth', 'it');
      await recordPlayback(page);
      await page.goto('/sign-up');
      await chooseLanguage(page, 'it_IT');
      const picture = pictureOf(page, t);
      await expect(picture).toBeVisible();
      const box = (await picture.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const first = await pictureData(page, t);
      const form = page.getByTestId('sign-up-form');
      await form.getByRole('button', { name: t('signUp.captchaListen') }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { e2ePlayed: string[] }).e2ePlayed[0] ?? ''))
        .toMatch(/^data:audio\/wav;base64,UklGR/);
      await form.getByRole('button', { name: t('signUp.captchaReload') }).click();
      await expect.poll(() => pictureData(page, t)).not.toBe(first);
    });
  });
});
