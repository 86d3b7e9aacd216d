import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { controlledByServiceWorker, keptForOffline } from '../support/offline';
import { afterNextPoll, reloadWithCount, scanQr, shownQr, signedInWithRequest } from '../support/visas';

/** From the detail of a pending request: Modify, step 1 as it is, step 2's departure minutes and flight changed, saved. */
async function modifyDeparture(
  page: Page,
  labels: { modify: string; next: string; save: string },
  minutes: string,
  flight: string,
): Promise<void> {
  await page.getByRole('link', { name: labels.modify }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/update\/\d+\?step=1$/);
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByLabel(/^(Minutes|Minuti)/).selectOption(minutes);
  await page.getByLabel(/^(Flight number|Numero del volo)/).fill(flight);
  await page.getByRole('button', { name: labels.next }).click();
  await page.getByRole('button', { name: labels.save }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
}

/** The copy of request `id` kept for the page with no network (@varco/session's offline copy). */
async function offlineQr(page: Page, id: number): Promise<string | undefined> {
  return page.evaluate((key) => {
    const saved = JSON.parse(localStorage.getItem('varco-offline-copy') ?? 'null') as {
      entries: Record<string, { data: { qrCode?: string } }>;
    } | null;
    return saved?.entries[key]?.data.qrCode;
  }, `visa:${id}`);
}

test.describe('a pending request modified', () => {
  test('the detail shows the new travel details and the new QR at once; the kiosk takes that QR and refuses the old one; a scan shows with no reload', async ({
    page,
    context,
  }) => {
    const { requestId } = await signedInWithRequest(page, 180);
    const travel = page.getByTestId('visa-travel');
    await expect(travel).toContainText('at 10:00');
    // The list and the home's widget have been seen before the change, so their answers are in the page's cache.
    await page.getByRole('link', { name: 'All visa requests' }).click();
    await expect(page.getByTestId('visa-item')).toHaveCount(1);
    await page.getByTestId('visa-item').getByRole('link').click();
    const before = await shownQr(page);

    await modifyDeparture(page, { modify: 'Modify', next: 'Next', save: 'Save changes' }, '55', 'NH210');
    await expect(travel).toContainText('at 10:55');
    await expect(travel).toContainText('NH210');
    const after = await shownQr(page);
    expect(after).not.toBe(before);
    expect(await offlineQr(page, requestId)).toBe(after.replace(/^data:image\/png;base64,/, ''));

    // With no network, the page opens on the copy of the request as modified.
    await controlledByServiceWorker(page);
    await keptForOffline(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('visa-offline-note')).toBeVisible();
    expect(await shownQr(page)).toBe(after);
    await context.setOffline(false);
    await expect(page.getByTestId('visa-offline-note')).toHaveCount(0);
    // From here the page's own clock, so that the bell's next poll can be brought forward instead of waited for. Not
    // before: a fake clock also hides the page's resource timings, from which the first worker learns what to keep.
    await page.clock.install();
    await reloadWithCount(page);
    await expect(page.getByTestId('visa-travel')).toContainText('NH210');

    const refused = await scanQr(before);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/^REFUSED \(409\)/);
    const granted = await scanQr(after);
    expect(granted.code, granted.output).toBe(0);
    expect(granted.output).toMatch(/^GREEN — visa granted/);

    // The scan reaches the open detail through the bell's next poll, then the home's widget and the list.
    await afterNextPoll(page, page.getByTestId('visa-detail').filter({ hasText: 'Completed' }));
    await expect(page.getByRole('link', { name: 'Modify' })).toHaveCount(0);
    await page.getByRole('link', { name: 'All visa requests' }).click();
    await expect(page.getByTestId('visa-item')).toContainText('Completed');
  });

  test('in Italian on a phone: modified, then deleted — no page shows it any more, Back included', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { requestId } = await signedInWithRequest(page, 180);
    await chooseLanguage(page, 'it_IT');
    const travel = page.getByTestId('visa-travel');
    await expect(travel).toContainText('alle 10:00');
    const before = await shownQr(page);

    await modifyDeparture(page, { modify: 'Modifica', next: 'Avanti', save: 'Salva modifiche' }, '30', 'NH211');
    await expect(travel).toContainText('alle 10:30');
    await expect(travel).toContainText('NH211');
    expect(await shownQr(page)).not.toBe(before);
    await page.screenshot({ path: test.info().outputPath('modified-it-phone.png'), fullPage: true });

    await page.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('button', { name: 'Sì, elimina' }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('visa-pending-refusal')).toHaveCount(0);
    expect(await offlineQr(page, requestId)).toBeUndefined();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/protected/visa/${requestId}$`));
    await expect(page.getByTestId('visa-not-found')).toBeVisible();
    await expect(page.getByTestId('visa-detail')).toHaveCount(0);
  });
});
