import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { E2E_API_URL } from '../support/ports';
import { signIn } from '../support/sign-in';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice, romeDay, type FreshTraveler } from '../support/travelers';

/** The kiosk of the exit point (deploy/kiosk), scanning with the demo kiosk's key. */
const KIOSK_CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'kiosk', 'cli.mjs');
/** SPEC §9: the bell asks for the count of unread notifications every 15 s. */
const NOTIFICATION_POLL_MS = 15_000;

const run = promisify(execFile);

/** The three steps of the wizard, as a traveler fills them, for one invoice; lands on the new request. */
async function requestVisa(page: Page, traveler: FreshTraveler, invoiceNumber: string): Promise<number> {
  await page.goto('/protected');
  await page.getByRole('link', { name: 'Add new request' }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/create/);
  // As a traveler does: on the label (the styled checkbox hides the input).
  await page.getByText(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`).click();
  await expect(page.getByLabel(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`)).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel(/^Means of transport/).selectOption('AE');
  await page.getByLabel(/^Travel document type/).selectOption(traveler.document.type);
  await page.getByLabel(/^Travel document number/).fill(traveler.document.number);
  await page.getByLabel(/^Destination country/).selectOption('US');
  await page.getByLabel(/^Destination airport/).selectOption('JFK');
  await page.getByLabel(/^Flight number/).fill('AZ610');
  await page.getByLabel(/^Departure date/).fill(romeDay(1));
  await page.getByLabel(/^Hour/).selectOption('10');
  await page.getByLabel(/^Minutes/).selectOption('0');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(invoiceNumber)).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/** The kiosk at the exit point scans the QR shown on the page (saved as the PNG it is). */
async function scanAtKiosk(page: Page): Promise<{ code: number; output: string }> {
  const qr = page.getByRole('img', { name: /^QR code of request/ });
  await expect(qr).toBeVisible();
  const src = (await qr.getAttribute('src')) ?? '';
  const file = join(mkdtempSync(join(tmpdir(), 'varco-qr-')), 'qr.png');
  writeFileSync(file, Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  try {
    const { stdout } = await run(process.execPath, [KIOSK_CLI, 'scan', file], { env: { ...process.env, KIOSK_API_URL: E2E_API_URL } });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

async function officerDecides(publicId: string, refundId: number, outcome: 'granted' | 'denied' | 'not-selected'): Promise<void> {
  await run(process.execPath, [KIOSK_CLI, 'decide', publicId, `${refundId}=${outcome}`, '--officer'], { env: { ...process.env, KIOSK_API_URL: E2E_API_URL } });
}

test.describe('visa requests', () => {
  test('wizard → QR and PDF → the kiosk grants the visa → the invoice shows Visa granted', async ({ page }) => {
    const traveler = await createTraveler();
    const { refundId, invoiceNumber } = await issueInvoice(traveler, 180);
    // The page's own clock, so that the bell's next poll can be brought forward instead of waited for.
    await page.clock.install();
    await signIn(page, { traveler });
    const requestId = await requestVisa(page, traveler, invoiceNumber);

    await expect(page.getByTestId('qr-instruction')).toHaveText('Show this QR code at the exit point, at the kiosk or to the customs officer: the risk analysis runs when it is scanned. You can also start it yourself before you get there.');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`visa-request-${requestId}.pdf`);
    expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

    const unread = async () => (await (await page.request.get('/api/v1/private/notifications/count')).json()).counter as number;
    const before = await unread();
    const scan = await scanAtKiosk(page);
    expect(scan.code, scan.output).toBe(0);
    expect(scan.output).toMatch(/^GREEN — visa granted/);

    // The bell polls: the grant shows up at its next poll, one period on, without reloading the page.
    const bell = (count: number) => page.getByRole('link', { name: count === 1 ? '1 unread notification' : `${count} unread notifications` });
    await page.clock.fastForward(NOTIFICATION_POLL_MS);
    await expect(bell(before + 1)).toBeVisible();
    await bell(before + 1).click();
    await expect(page).toHaveURL(/\/protected\/notifications$/);
    const visa = await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json();
    const granted = page.getByRole('listitem').filter({ hasText: `The customs visa of request ${visa.requestCode} has been granted.` });
    await expect(granted).toBeVisible();
    await chooseLanguage(page, 'it_IT');
    const concesso = page.getByRole('listitem').filter({ hasText: `Il visto doganale della richiesta ${visa.requestCode} è stato rilasciato.` });
    await expect(concesso).toBeVisible();
    await concesso.getByRole('button', { name: 'Segna come letta' }).click();
    await expect(concesso.getByRole('button', { name: 'Segna come letta' })).toHaveCount(0);
    expect(await unread()).toBe(before);
    await chooseLanguage(page, 'en_US');

    await page.goto(`/protected/invoice/${refundId}`);
    await expect(page.getByTestId('invoice-detail')).toContainText('Visa granted');
    await page.goto(`/protected/visa/${requestId}`);
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  });

  test('while a request is pending, the wizard opened by its address says why and leads to it', async ({ page }) => {
    const traveler = await createTraveler();
    const { invoiceNumber } = await issueInvoice(traveler, 250);
    await signIn(page, { traveler });
    const requestId = await requestVisa(page, traveler, invoiceNumber);
    const { requestCode } = await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json();

    await page.goto('/protected/visa/create?step=1');
    const refusal = page.getByTestId('visa-pending-refusal');
    await expect(refusal.getByRole('alert')).toContainText(`Your visa request ${requestCode} is still pending: a new request can be created once it has been scanned at the exit point`);
    await expect(page.getByTestId('step-indicator')).toHaveCount(0);
    await chooseLanguage(page, 'it_IT');
    await expect(refusal.getByRole('alert')).toContainText(`La tua richiesta di visto ${requestCode} è ancora in attesa`);
    await chooseLanguage(page, 'en_US');
    await refusal.getByRole('link', { name: 'Go to the pending request' }).click();
    await expect(page).toHaveURL(new RegExp(`/protected/visa/${requestId}$`));

    // Deleted, it no longer stands in the way.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await page.goto('/protected/visa/create?step=1');
    await expect(page.getByTestId('step-indicator')).toBeVisible();
    await expect(page.getByTestId('visa-pending-refusal')).toHaveCount(0);
  });

  test('a red light sends the traveler to the customs office; the officer decides; the traveler sees the outcome', async ({ page }) => {
    const traveler = await createTraveler();
    const { refundId, invoiceNumber } = await issueInvoice(traveler, 14_500);
    await signIn(page, { traveler });
    const requestId = await requestVisa(page, traveler, invoiceNumber);

    const scan = await scanAtKiosk(page);
    expect(scan.code, scan.output).toBe(0);
    expect(scan.output).toMatch(/^RED — go to the customs office/);
    await page.reload();
    await expect(page.getByText('A check is required: go to the customs office and show this QR code.')).toBeVisible();

    const visa = await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json();
    await officerDecides(visa.visaRequestId, refundId, 'denied');
    await page.goto(`/protected/invoice/${refundId}`);
    await expect(page.getByTestId('invoice-detail')).toContainText('Visa denied');
  });
});
