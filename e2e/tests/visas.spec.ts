import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { E2E_API_URL } from '../support/ports';
import { signIn } from '../support/sign-in';
import { createTraveler, issueInvoice } from '../support/travelers';
import { afterNextPoll, KIOSK_CLI, requestVisa, run, scanAtKiosk, signedInWithRequest } from '../support/visas';

async function officerDecides(
  publicId: string,
  refundId: number,
  outcome: 'granted' | 'denied' | 'not-selected',
): Promise<void> {
  await run(process.execPath, [KIOSK_CLI, 'decide', publicId, `${refundId}=${outcome}`, '--officer'], {
    env: { ...process.env, KIOSK_API_URL: E2E_API_URL },
  });
}

// Each test has travelers of its own (the worker's copy of the demo traveler, or fresh ones): they run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('visa requests', () => {
  test('wizard → QR and PDF → the kiosk grants the visa → the invoice shows Visa granted', async ({ page }) => {
    const traveler = await createTraveler();
    const { refundId, invoiceNumber } = await issueInvoice(traveler, 180);
    // The page's own clock, so that the bell's next poll can be brought forward instead of waited for.
    await page.clock.install();
    await signIn(page, { traveler });
    const requestId = await requestVisa(page, traveler, invoiceNumber);

    await expect(page.getByTestId('qr-instruction')).toHaveText(
      'Show this QR code at the exit point, at the kiosk or to the customs officer: the risk analysis runs when it is scanned. You can also start it yourself before you get there.',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    // Named by the request code the traveler knows it by, not by the id in the address.
    const { requestCode } = await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json();
    expect(file.suggestedFilename()).toBe(`visa-request-${requestCode}.pdf`);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const unread = async () =>
      (await (await page.request.get('/api/v1/private/notifications/count')).json()).counter as number;
    const before = await unread();
    const scan = await scanAtKiosk(page);
    expect(scan.code, scan.output).toBe(0);
    expect(scan.output).toMatch(/^GREEN — visa granted/);

    // The bell polls: the grant shows up at its next poll, one period on, without reloading the page.
    const bell = (count: number) =>
      page.getByRole('link', { name: count === 1 ? '1 unread notification' : `${count} unread notifications` });
    await afterNextPoll(page, bell(before + 1));
    await bell(before + 1).click();
    await expect(page).toHaveURL(/\/protected\/notifications$/);
    const visa = await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json();
    const granted = page
      .getByRole('listitem')
      .filter({ hasText: `The customs visa of request ${visa.requestCode} has been granted.` });
    await expect(granted).toBeVisible();
    await chooseLanguage(page, 'it_IT');
    const concesso = page
      .getByRole('listitem')
      .filter({ hasText: `Il visto doganale della richiesta ${visa.requestCode} è stato rilasciato.` });
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
    const { requestId } = await signedInWithRequest(page, 250);
    const { requestCode } = await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json();

    await page.goto('/protected/visa/create?step=1');
    const refusal = page.getByTestId('visa-pending-refusal');
    await expect(refusal.getByRole('alert')).toContainText(
      `Your visa request ${requestCode} is still pending: a new request can be created once it has been scanned at the exit point`,
    );
    await expect(page.getByTestId('step-indicator')).toHaveCount(0);
    await chooseLanguage(page, 'it_IT');
    await expect(refusal.getByRole('alert')).toContainText(
      `La tua richiesta di visto ${requestCode} è ancora in attesa`,
    );
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

  test('a red light sends the traveler to the customs office; the officer decides; the traveler sees the outcome', async ({
    page,
  }) => {
    const { requestId, refundId } = await signedInWithRequest(page, 14_500);

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
