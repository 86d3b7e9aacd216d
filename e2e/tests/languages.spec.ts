import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGE_TABLE } from '../../shared/contracts/src/language';
import { expectAccessible } from '../support/fixtures';
import { labelled, textsOf, translationFile, type LanguageCode, type Namespace } from '../support/messages';
import { caughtMails, lastMailId } from '../support/sign-in';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice, romeDay } from '../support/travelers';

// The journeys of the other specs run in English and Italian; here a traveler goes through them in each other
// language of the portal: sign in, home, invoices, the wizard to a sent request, its detail with the QR, its PDF.

const OTHER_LANGUAGES = LANGUAGE_TABLE.filter(({ short }) => short !== 'en' && short !== 'it');
const NAMESPACES: Namespace[] = ['common', 'mf-auth', 'mf-invoices', 'mf-visa', 'mf-notifications'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const runFile = promisify(execFile);

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * What must not show on a page in `language`: the keys of every namespace (a text that did not arrive), and the
 * English sentences that the language says otherwise (a text left untranslated), as their longest fixed part.
 */
function giveaways(language: LanguageCode): { keys: string[]; english: string[] } {
  const keys: string[] = [];
  const english: string[] = [];
  for (const namespace of NAMESPACES) {
    const read = (short: LanguageCode) =>
      new Map(leaves(JSON.parse(readFileSync(translationFile(namespace, short), 'utf8'))));
    const source = read('en');
    const translated = read(language);
    for (const [key, text] of source) {
      if (key.includes('.')) keys.push(key.replace(PLURAL, ''));
      const own = translated.get(key) ?? translated.get(key.replace(PLURAL, '_other'));
      if (own === text) continue;
      const fixed = text
        .split(/\{\{[^}]+\}\}/)
        .sort((a, b) => b.length - a.length)[0]!
        .trim();
      if (fixed.length >= 12) english.push(fixed);
    }
  }
  return { keys: [...new Set(keys)], english: [...new Set(english)] };
}

/** The page speaks `language` only: no key, no English sentence, and no accessibility violation. */
async function expectInLanguage(page: Page, language: LanguageCode): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const shown = await page.locator('body').innerText();
  const { keys, english } = giveaways(language);
  expect(keys.filter((key) => shown.includes(key))).toEqual([]);
  expect(english.filter((sentence) => shown.includes(sentence))).toEqual([]);
  await expectAccessible(page);
}

async function otpCode(email: string, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await caughtMails()).find((item) => item.id > afterId && item.to.includes(email));
      code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
}

// Each journey has its own traveler: they may run on both workers at once.
test.describe.configure({ mode: 'parallel' });

for (const { short, name } of OTHER_LANGUAGES) {
  test(`a traveler in ${name} (${short}) signs in, requests a visa and downloads its PDF`, async ({ page }) => {
    // A sign-in, a request through the wizard and its PDF, each page checked for English left: longer than one journey.
    test.setTimeout(240_000);
    const common = textsOf('common', short);
    const auth = textsOf('mf-auth', short);
    const invoices = textsOf('mf-invoices', short);
    const visa = textsOf('mf-visa', short);
    const traveler = await createTraveler();
    const { invoiceNumber } = await issueInvoice(traveler, 240);

    await page.goto(`/sign-in?lng=${short}`);
    await expect(page.getByRole('heading', { name: auth('signIn.title'), level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(common('app.pageTitle', { page: auth('signIn.title') }));
    await expectInLanguage(page, short);
    const before = await lastMailId();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(labelled(auth('signIn.email'))).fill(traveler.email);
    await form.getByLabel(labelled(auth('signIn.password'))).fill(traveler.password);
    await form.getByRole('button', { name: auth('signIn.submit') }).click();
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
    await expectInLanguage(page, short);
    await page.getByLabel(labelled(auth('otp.code'))).fill(await otpCode(traveler.email, before));
    await page.getByRole('button', { name: auth('otp.submit') }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByText(invoiceNumber)).toBeVisible();
    await expectInLanguage(page, short);

    await page
      .getByRole('link', { name: common('nav.invoices') })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: invoices('list.title'), level: 1 })).toBeVisible();
    await expect(page.getByText(invoiceNumber)).toBeVisible();
    await expectInLanguage(page, short);

    await page.goto('/protected');
    await page.getByRole('link', { name: visa('addButton.label') }).click();
    const invoiceLabel = visa('wizard.invoiceLabel', { number: invoiceNumber, vendor: DEMO_VENDOR_NAME });
    await page.getByText(invoiceLabel).click();
    await expectInLanguage(page, short);
    await page.getByRole('button', { name: visa('wizard.next') }).click();
    const field = (key: string) => page.getByLabel(labelled(visa(`travel.fields.${key}`)));
    await field('transportType').selectOption('AE');
    await field('documentType').selectOption(traveler.document.type);
    await field('documentNumber').fill(traveler.document.number);
    await field('destinationCountry').selectOption('US');
    await field('destinationAirport').selectOption('JFK');
    await field('flightNumber').fill('AZ610');
    await field('departureDate').fill(romeDay(1));
    await field('hour').selectOption('10');
    await field('minutes').selectOption('0');
    await expectInLanguage(page, short);
    await page.getByRole('button', { name: visa('wizard.next') }).click();
    await expect(page.getByText(invoiceNumber)).toBeVisible();
    await expectInLanguage(page, short);
    await page.getByRole('button', { name: visa('summary.submit') }).click();

    await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
    await expect(page.getByTestId('visa-qr').getByRole('img')).toBeVisible();
    await expectInLanguage(page, short);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: visa('detail.download') }).click();
    const pdf = await (await download).path();
    const { stdout } = await runFile('pdftotext', ['-enc', 'UTF-8', pdf, '-']);
    const { requestCode } = (await (
      await page.request.get(new URL(page.url()).pathname.replace('/protected/visa/', '/api/v1/private/visa/'))
    ).json()) as { requestCode: string };
    expect(stdout).toContain(requestCode);
    expect(stdout).not.toMatch(/Visa request|Travel details|Traveler/);
  });
}
