import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { signIn } from '../support/sign-in';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice } from '../support/travelers';

/** The home's "Latest invoices" section: its heading and View all link (shell) and the widget of mf-invoices. */
const latestInvoices = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Latest invoices' }) });

test.describe('invoices', () => {
  test('a traveler without invoices sees the empty states', async ({ page }) => {
    await signIn(page, { traveler: await createTraveler() });
    await expect(latestInvoices(page).getByText('No invoices found')).toBeVisible();
    await page.goto('/protected/invoice');
    await expect(page.getByText('No invoices found')).toBeVisible();
  });

  test('a merchant issues an invoice; the traveler sees it on home and in the list, opens it and downloads its PDF', async ({
    page,
  }) => {
    const traveler = await createTraveler();
    const { refundId, invoiceNumber } = await issueInvoice(traveler, 1234.5);

    await signIn(page, { traveler });
    const widget = latestInvoices(page);
    await expect(widget.getByText(`Invoice ${invoiceNumber}`)).toBeVisible();
    await expect(widget.getByText('Available')).toBeVisible();

    await widget.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/protected\/invoice$/);
    await expect(page.getByText(`Invoice ${invoiceNumber}`)).toBeVisible();
    await page.getByRole('tab', { name: 'Completed' }).click();
    await expect(page.getByText('No invoices found')).toBeVisible();
    await page.getByRole('tab', { name: 'Available' }).click();
    await page.getByText(`Invoice ${invoiceNumber}`).click();

    await expect(page).toHaveURL(new RegExp(`/protected/invoice/${refundId}$`));
    const detail = page.getByTestId('invoice-detail');
    await expect(detail).toContainText(invoiceNumber);
    await expect(detail).toContainText('€1,234.50');
    await expect(detail).toContainText(DEMO_VENDOR_NAME);
    await expect(page.getByRole('link', { name: 'Add new request' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download release PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invoice-release-${refundId}.pdf`);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The same invoice in Italian, amounts in the Italian way.
    await chooseLanguage(page, 'it_IT');
    await expect(detail).toContainText('1.234,50');
    await expect(page.getByRole('button', { name: /PDF/ })).toBeVisible();
  });

  test('the demo traveler sees an invoice in every state, and another traveler’s invoice is not found', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/protected/invoice');
    const list = page.getByTestId('invoice-list').first();
    await expect(list).toBeVisible();
    await page.getByRole('button', { name: 'Show more' }).click();
    for (const state of [
      'Available',
      'In progress',
      'Visa granted',
      'In completion',
      'Customs check required',
      'Not selected by customs',
      'Visa denied',
    ]) {
      await expect(page.getByRole('main').getByText(state, { exact: true }).first()).toBeVisible();
    }
    // A real invoice, issued a moment ago to another traveler: the api refuses it to Mario, and the page says it is not found.
    const { refundId: foreign } = await issueInvoice(await createTraveler(), 420);
    const answer = await page.request.get(`/api/v1/private/invoices/detail?idRichiestaRimborso=${foreign}`);
    expect(answer.status(), await answer.text()).toBe(404);
    await page.goto(`/protected/invoice/${foreign}`);
    await expect(page.getByTestId('invoice-not-found')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the homepage' }).click();
    await expect(page).toHaveURL(/\/protected$/);
  });

  test('Back from an invoice, or a reload, finds the list as it was left: the invoices shown and where it was scrolled', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await signIn(page);
    await page.goto('/protected/invoice');
    const items = page.locator('[data-testid=invoice-list] > li');
    await expect(items).toHaveCount(10);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => items.count()).toBeGreaterThan(10);
    const shown = await items.count();
    const last = items.last();
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);

    await last.getByRole('link').click();
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    // A new page opens at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(items).toHaveCount(shown);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

    // A reload of the list too.
    await page.reload();
    await expect(items).toHaveCount(shown);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  });
});
