import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';
import { romeToUtcIso } from '../../shared/contracts/src/departure-clock';
import { E2E_API_URL } from './ports';
import { signIn } from './sign-in';
import { createTraveler, DEMO_VENDOR_NAME, issueInvoice, romeDay, type FreshTraveler } from './travelers';

/** The kiosk of the exit point (deploy/kiosk), scanning with the demo kiosk's key. */
export const KIOSK_CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy', 'kiosk', 'cli.mjs');
/** docs/domain.md: the bell asks for the count of unread notifications every 15 s. */
export const NOTIFICATION_POLL_MS = 15_000;

/**
 * Loads the page again and waits for the bell's first count. The page loads what follows the notifications again when
 * that count rises: a change that comes between the page's own calls and the bell's first count is no rise, and the
 * page would keep its older answer.
 */
export async function reloadWithCount(page: Page): Promise<void> {
  const counted = page.waitForResponse((response) => response.url().endsWith('/notifications/count') && response.ok());
  await page.reload();
  await counted;
}

/**
 * Brings the bell's next poll forward until `seen` shows what it brought (the page's clock installed). An instance
 * drops a cached count when the database's notice of the change reaches it, a moment after the commit: a poll sent
 * in that moment still gets the old count, and the one after it the new (docs/architecture.md, Caches).
 */
export async function afterNextPoll(page: Page, seen: Locator): Promise<void> {
  await expect(async () => {
    await page.clock.fastForward(NOTIFICATION_POLL_MS);
    await expect(seen).toBeVisible({ timeout: 5_000 });
  }).toPass({ intervals: [0], timeout: 3 * 5_000 });
}

export const run = promisify(execFile);

/** The wizard's step 2 filled in English: by air to New York, tomorrow at 10:00 in Rome, on the traveler's document. */
export async function fillTravelDetails(page: Page, traveler: Pick<FreshTraveler, 'document'>): Promise<void> {
  await page.getByLabel(/^Means of transport/).selectOption('AE');
  await page.getByLabel(/^Travel document type/).selectOption(traveler.document.type);
  await page.getByLabel(/^Travel document number/).fill(traveler.document.number);
  await page.getByLabel(/^Destination country/).selectOption('US');
  await page.getByLabel(/^Destination airport/).selectOption('JFK');
  await page.getByLabel(/^Flight number/).fill('AZ610');
  await page.getByLabel(/^Departure date/).fill(romeDay(1));
  await page.getByLabel(/^Hour/).selectOption('10');
  await page.getByLabel(/^Minutes/).selectOption('0');
}

/** The three steps of the wizard, as a traveler fills them, for one invoice; lands on the new request. */
export async function requestVisa(page: Page, traveler: FreshTraveler, invoiceNumber: string): Promise<number> {
  await page.goto('/protected');
  await page.getByRole('link', { name: 'Add new request' }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/create/);
  // As a traveler does: on the label (the styled checkbox hides the input).
  await page.getByText(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`).click();
  await expect(page.getByLabel(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`)).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await fillTravelDetails(page, traveler);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(invoiceNumber)).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/**
 * A visa request of the signed-in traveler for one invoice, made through the api with the browser's session, as the
 * wizard's summary sends it (by air to New York tomorrow at 10:00 in Rome): its id.
 */
export async function requestVisaThroughApi(page: Page, traveler: FreshTraveler, refundId: number): Promise<number> {
  const created = await page.request.post('/api/v1/private/visa', {
    data: {
      invoices: [refundId],
      travel: {
        transportType: 'AE',
        crewMember: false,
        travelDate: romeToUtcIso(romeDay(1), 10, 0),
        travelDocType: traveler.document.type,
        travelDocNumber: traveler.document.number,
        destinationCountry: 'US',
        destinationFreeZone: null,
        flightNumber: 'AZ610',
        destinationAirport: 'JFK',
      },
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as { id: number }).id;
}

/**
 * A new traveler with one invoice of `amount`, signed in, who has requested a visa for it (through the api: the
 * wizard's own specs fill it in the page): lands on the new request.
 */
export async function signedInWithRequest(
  page: Page,
  amount: number,
): Promise<{ traveler: FreshTraveler; requestId: number; refundId: number }> {
  const traveler = await createTraveler();
  const { refundId } = await issueInvoice(traveler, amount);
  await signIn(page, { traveler });
  const requestId = await requestVisaThroughApi(page, traveler, refundId);
  await page.goto(`/protected/visa/${requestId}`);
  await expect(page.getByTestId('visa-qr')).toBeVisible();
  return { traveler, requestId, refundId };
}

/** The `src` of the QR code the page shows now: a PNG as a data address. */
export async function shownQr(page: Page): Promise<string> {
  const qr = page.getByTestId('visa-qr').getByRole('img');
  await expect(qr).toBeVisible();
  return (await qr.getAttribute('src')) ?? '';
}

/** The kiosk at the exit point scans a QR code (`src`, as the page shows it: saved as the PNG it is), through `apiUrl`. */
export async function scanQr(src: string, apiUrl = E2E_API_URL): Promise<{ code: number; output: string }> {
  const file = join(mkdtempSync(join(tmpdir(), 'varco-qr-')), 'qr.png');
  writeFileSync(file, Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  try {
    const { stdout } = await run(process.execPath, [KIOSK_CLI, 'scan', file], {
      env: { ...process.env, KIOSK_API_URL: apiUrl },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** The kiosk at the exit point scans the QR shown on the page, through `apiUrl`. */
export async function scanAtKiosk(page: Page, apiUrl = E2E_API_URL): Promise<{ code: number; output: string }> {
  return scanQr(await shownQr(page), apiUrl);
}
