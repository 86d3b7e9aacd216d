import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { E2E_API_URL } from '../support/ports';
import { DEMO_TRAVELER, signIn } from '../support/sign-in';

/** The demo data of `SEED_DEMO` (api/src/modules/demo/seed.ts and auth/demo-traveler.ts). */
const TRAVELER_WITHOUT_INVOICES = { email: 'emily.clark@example.com', password: DEMO_TRAVELER.password, nome: 'Emily', cognome: 'Clark' };
const EMILY_PASSPORT = { type: 'PASSAPORTO', country: 'GB', number: '533380006' };
const DEMO_VENDOR_KEY = 'vk_demo_boutique_milano';

const romeToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

/** The home's "Latest invoices" section: its heading and View all link (shell) and the widget of mf-invoices. */
const latestInvoices = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Latest invoices' }) });

test.describe.configure({ mode: 'serial' });

test.describe('invoices', () => {
  test('a traveler without invoices sees the empty states', async ({ page }) => {
    await signIn(page, { traveler: TRAVELER_WITHOUT_INVOICES });
    await expect(latestInvoices(page).getByText('No invoices found')).toBeVisible();
    await page.goto('/protected/invoice');
    await expect(page.getByText('No invoices found')).toBeVisible();
  });

  test('a merchant issues an invoice; the traveler sees it on home and in the list, opens it and downloads its PDF', async ({ page, request }) => {
    const invoiceNumber = `E2E-${Date.now()}`;
    const issued = await request.post(`${E2E_API_URL}/api/v1/merchant/invoices`, {
      headers: { 'x-api-key': DEMO_VENDOR_KEY },
      data: { invoiceNumber, issueDate: romeToday(), totalAmount: 1234.5, vatAmount: 222.61, traveler: { name: 'Emily Clark', document: EMILY_PASSPORT } },
    });
    expect(issued.status()).toBe(201);
    const { refundId } = await issued.json();

    await signIn(page, { traveler: TRAVELER_WITHOUT_INVOICES });
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
    await expect(detail).toContainText('Boutique Milano S.r.l.');
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

  test('the demo traveler sees an invoice in every state, and another traveler’s invoice is not found', async ({ page }) => {
    await signIn(page);
    await page.goto('/protected/invoice');
    const list = page.getByTestId('invoice-list').first();
    await expect(list).toBeVisible();
    await page.getByRole('button', { name: 'Show more' }).click();
    for (const state of ['Available', 'In progress', 'Visa granted', 'In completion', 'Customs check required', 'Not selected by customs', 'Visa denied']) {
      await expect(page.getByRole('main').getByText(state, { exact: true }).first()).toBeVisible();
    }
    // Emily's invoice is not Mario's.
    const response = await page.request.get('/api/v1/private/invoices/latest?limit=100&page=0');
    const ids: number[] = (await response.json()).invoices.map((invoice: { idRichiestaRimborso: number }) => invoice.idRichiestaRimborso);
    const foreign = Math.max(...ids) + 1;
    await page.goto(`/protected/invoice/${foreign}`);
    await expect(page.getByTestId('invoice-not-found')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the homepage' }).click();
    await expect(page).toHaveURL(/\/protected$/);
  });
});
