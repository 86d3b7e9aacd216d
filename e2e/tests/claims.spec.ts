import { expect, test, type Page } from '@playwright/test';
import { asDemoVendor, DEMO_VENDOR_CONTACT, mistyped, sentClaimCode } from '../support/claims';
import { chooseLanguage } from '../support/fixtures';
import { textsOf, type LanguageCode } from '../support/messages';
import { lastMailId, signIn, waitForMail } from '../support/sign-in';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice, romeDay } from '../support/travelers';
import { afterNextPoll, reloadWithCount } from '../support/visas';

// docs/domain.md, "Claims": an invoice issued to a mistyped passport never reaches the traveler; from the shop's receipt
// they claim it, the shop reissues it through its API, and the traveler gets it — notified — in time for the visa
// request. And a claim the shop declines, read in Italian on a phone.

/** The bell, by the name that carries the unread count. */
const bell = (page: Page, language: LanguageCode, count: number) =>
  page.getByRole('link', {
    name: textsOf('mf-notifications', language)(count === 1 ? 'bell.unread_one' : 'bell.unread_other', { count }),
    exact: true,
  });

/**
 * From here the page's own clock, so that the bell's next poll is brought forward instead of waited for (installed
 * after the sign-in, then the page loaded again, as visa-modify.spec.ts does). The page's calls are let finish first:
 * moving the clock on would run out their timeout.
 */
async function pageClock(page: Page): Promise<void> {
  await page.clock.install();
  await reloadWithCount(page);
  await page.waitForLoadState('networkidle');
}

test.describe('claims to the shop', () => {
  test('an invoice issued to a mistyped passport: claimed from the receipt, reissued by the shop, put in a visa request', async ({
    page,
  }) => {
    // A registration, a claim, the shop's mail and reissue, then a visa request through the wizard: two journeys in one.
    test.setTimeout(120_000);
    const t = textsOf('mf-invoices', 'en');
    const traveler = await createTraveler({ nome: 'Chiara', cognome: 'Neri' });
    const { invoiceNumber } = await issueInvoice({ ...traveler, document: mistyped(traveler.document) }, 1234.5);
    await signIn(page, { traveler });

    // Not among the traveler's invoices: its document is not theirs.
    await page.goto('/protected/invoice');
    await expect(page.getByTestId('empty-invoices')).toBeVisible();
    await page.getByRole('link', { name: t('list.missingInvoice') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('claims.missing.title') })).toBeVisible();

    // What the receipt shows.
    await page.getByLabel(/^Shop: its name or VAT number/).fill('boutique milano');
    // As a traveler does: on the label (the design system's radio button hides the input).
    await page.locator('label', { hasText: DEMO_VENDOR_NAME }).click();
    await expect(
      page.getByRole('radio', { name: new RegExp(`^${DEMO_VENDOR_NAME.replace(/\./g, '\\.')}`) }),
    ).toBeChecked();
    await page.getByLabel(/^Invoice number/).fill(invoiceNumber);
    await page.getByLabel(/^Issue date/).fill(romeDay());
    await page.getByLabel(/^Total in euros/).fill('1,234.50');
    const mailsBefore = await lastMailId();
    await page.getByRole('button', { name: t('claims.send') }).click();
    await expect(page).toHaveURL(/\/protected\/invoice\/claims$/);
    const code = await sentClaimCode(page);
    const item = page.getByTestId('claim-item');
    await expect(item.getByTestId('claim-state')).toHaveText(t('claims.state.OPEN'));
    await expect(item).toContainText(`Invoice ${invoiceNumber} of ${DEMO_VENDOR_NAME}`);

    // The shop is told by mail, with nothing of the traveler or the invoice but the claim's code.
    const mail = await waitForMail(DEMO_VENDOR_CONTACT, mailsBefore, new RegExp(code));
    for (const personal of [traveler.nome, traveler.cognome, traveler.document.number, invoiceNumber])
      expect(`${mail.subject}\n${mail.text}`).not.toContain(personal);

    // The shop's system reads the claim with its key, and puts it right: a credit note and a new invoice.
    await pageClock(page);
    const claim = await asDemoVendor(`/${code}`);
    expect(claim.status).toBe(200);
    expect(claim.json).toMatchObject({
      state: 'OPEN',
      traveler: { name: 'Chiara Neri', document: traveler.document },
      invoice: { invoiceNumber, stateCode: 1 },
    });
    const reissuedNumber = `${invoiceNumber}-R`;
    const reissued = await asDemoVendor(`/${code}/reissue`, {
      invoiceNumber: reissuedNumber,
      creditNoteNumber: `NC-${invoiceNumber}`,
    });
    expect(reissued.status, JSON.stringify(reissued.json)).toBe(200);

    // The traveler is mailed the answer, in the language of their account.
    await waitForMail(traveler.email, mailsBefore, new RegExp(`${DEMO_VENDOR_NAME} has put your claim ${code} right`));

    // The bell's next poll brings the answer: the claims page follows, and the notification says it.
    await afterNextPoll(page, bell(page, 'en', 1));
    await expect(item.getByTestId('claim-state')).toHaveText(t('claims.state.REISSUED'));
    await bell(page, 'en', 1).click();
    await expect(page.getByTestId('notification-item').first()).toContainText(
      `${DEMO_VENDOR_NAME} has put your claim ${code} right: invoice ${reissuedNumber} is now among your invoices`,
    );

    // The invoice is the traveler's: on the home, in the list, and from the claim into a visa request.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByText(`Invoice ${reissuedNumber}`)).toBeVisible();
    await page.goto('/protected/invoice/claims');
    await page.getByRole('link', { name: t('claims.openInvoice', { number: reissuedNumber }) }).click();
    const detail = page.getByTestId('invoice-detail');
    await expect(detail).toContainText(reissuedNumber);
    await expect(detail).toContainText('Available');
    await page.getByRole('link', { name: 'Add new request' }).click();
    await expect(page.getByLabel(`Invoice ${reissuedNumber}, ${DEMO_VENDOR_NAME}`)).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/^Means of transport/).selectOption('MP');
    await page.getByLabel(/^Destination country/).selectOption('CH');
    await page.getByLabel(/^Departure date/).fill(romeDay(1));
    await page.getByLabel(/^Hour/).selectOption('10');
    await page.getByLabel(/^Minutes/).selectOption('0');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(reissuedNumber)).toBeVisible();
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
    await expect(page.getByRole('main')).toContainText(reissuedNumber);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('in Italian: something is wrong on an invoice, the shop declines it with its reason', async ({ page }) => {
      const t = textsOf('mf-invoices', 'it');
      const traveler = await createTraveler({ nome: 'Giulia', cognome: 'Verdi' });
      const { refundId, invoiceNumber } = await issueInvoice(traveler, 420);
      await signIn(page, { traveler });
      await chooseLanguage(page, 'it_IT');
      await page.goto(`/protected/invoice/${refundId}`);
      await page.getByRole('link', { name: t('detail.claim') }).click();
      await expect(page.getByRole('heading', { level: 1, name: t('claims.wrong.title') })).toBeVisible();

      // The note is required for the goods: said on the field, nothing sent.
      await page.locator('label', { hasText: t('claims.problem.GOODS_AMOUNTS') }).click();
      await expect(page.getByRole('radio', { name: t('claims.problem.GOODS_AMOUNTS') })).toBeChecked();
      await page.getByRole('button', { name: t('claims.send') }).click();
      await expect(page.getByTestId('field-issue')).toHaveText(t('claims.rules.noteRequired'));
      await page.getByLabel(new RegExp(`^${t('claims.wrong.note')}`)).fill('Le borse sono due, non tre.');
      await page.getByRole('button', { name: t('claims.send') }).click();
      await expect(page).toHaveURL(/\/protected\/invoice\/claims$/);
      const code = await sentClaimCode(page);
      const item = page.getByTestId('claim-item');
      await expect(item.getByTestId('claim-state')).toHaveText(t('claims.state.OPEN'));
      await expect(item).toContainText('Le borse sono due, non tre.');

      await pageClock(page);
      const declined = await asDemoVendor(`/${code}/decline`, {
        reason: 'DATA_CORRECT',
        note: 'Lo scontrino riporta tre borse.',
      });
      expect(declined.status, JSON.stringify(declined.json)).toBe(200);
      // The invoice's own notification (it reached the traveler when issued), and the answer.
      await afterNextPoll(page, bell(page, 'it', 2));
      await expect(item.getByTestId('claim-state')).toHaveText(t('claims.state.DECLINED'));
      await expect(item.getByTestId('claim-answer')).toContainText(t('claims.reason.DATA_CORRECT'));
      await expect(item.getByTestId('claim-answer')).toContainText('Lo scontrino riporta tre borse.');
      await expect(item.getByRole('button', { name: t('claims.withdraw') })).toHaveCount(0);
      await page.screenshot({ path: test.info().outputPath('declined-it-phone.png'), fullPage: true });

      await bell(page, 'it', 2).click();
      await expect(page.getByTestId('notification-item').first()).toContainText(
        `ha respinto la tua segnalazione ${code} sulla fattura ${invoiceNumber}. Per il negozio i dati della fattura sono corretti.`,
      );
      // The invoice is still the traveler's, and can be claimed again.
      await page.goto(`/protected/invoice/${refundId}`);
      await expect(page.getByRole('link', { name: t('detail.claim') })).toBeVisible();
    });
  });
});
