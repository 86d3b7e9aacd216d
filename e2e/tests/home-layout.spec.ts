import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in';
import { createTraveler, type FreshTraveler } from '../support/travelers';
import { signedInWithRequest } from '../support/visas';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** The home widgets' calls (latest invoices, the invoices a request can take, latest visa requests). */
const WIDGET_CALLS = /\/api\/v1\/private\/(invoices\/|visa\/list)/;
const SLOT_SIZES = 'varco-personal:slot-sizes';

/**
 * Opens the signed-in home with the widgets' answers held until their loaders show, then let go: what the traveler
 * sees on a slow connection. Resolves with the layout shift the visit scored (the sum of the shifts without input).
 */
async function visitHome(page: Page): Promise<number> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(WIDGET_CALLS, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/protected');
  await expect(page.locator('.varco-invoices-slot .varco-loader')).toBeAttached();
  release();
  await expect(page.locator('#main .varco-loader')).toHaveCount(0);
  await expect(page.getByTestId(/^(empty-invoices|latest-invoices)$/)).toBeVisible();
  await expect(page.getByTestId(/^(empty-visas|latest-visas)$/)).toBeVisible();
  await page.unroute(WIDGET_CALLS);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // The entries so far (buffered), read after the next frame: the last shift, if any, has been reported.
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

/** Away from the home (where the sign-in landed), at `size`, nothing remembered of it: as on a device's first visit. */
async function asOnANewDevice(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.goto('/howto');
  await page.setViewportSize(size);
  await page.evaluate((key) => localStorage.removeItem(key), SLOT_SIZES);
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('avatar').click();
  await page.getByRole('menuitem', { name: /Log ?out|Sign out/i }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('the signed-in home', () => {
  /** A traveler with no invoice and no visa request: every widget of the home is shorter than four items. */
  let newTraveler: FreshTraveler;
  test.beforeAll(async () => {
    newTraveler = await createTraveler();
  });

  test('moves nothing on the first visit on a phone of a traveler with nothing yet, nor on the next, and forgets at sign-out', async ({
    page,
  }) => {
    await signIn(page, { traveler: newTraveler });
    await asOnANewDevice(page, PHONE);
    // user-info's counts (no invoice, no request) size each slot for its empty state, the add-request note included.
    expect(await visitHome(page)).toBeLessThan(0.01);
    await expect(page.getByTestId('add-visa-nothing')).toBeVisible();
    // The next one keeps each slot at the size it had.
    expect(await visitHome(page)).toBeLessThan(0.01);

    await signOut(page);
    // Nothing of the traveler's home is left for the next one: neither its sizes nor its counts.
    expect(await page.evaluate((key) => localStorage.getItem(key), SLOT_SIZES)).toBeNull();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('varco-session') ?? '{}').state?.homeCounts),
    ).toBeNull();
  });

  test('moves nothing on the first visit on a desktop of a traveler with nothing yet', async ({ page }) => {
    await signIn(page, { traveler: newTraveler });
    await asOnANewDevice(page, DESKTOP);
    expect(await visitHome(page)).toBeLessThan(0.01);
  });

  test('moves nothing on the first visit of a traveler with one invoice and one request, on a phone and on a desktop', async ({
    page,
  }) => {
    const { traveler } = await signedInWithRequest(page, 250);
    // Signed in again, as on another device: user-info counts the invoice (now in the request) and the request.
    await signOut(page);
    await signIn(page, { traveler });

    await asOnANewDevice(page, PHONE);
    expect(await visitHome(page)).toBeLessThan(0.01);
    await expect(page.getByTestId('invoice-item')).toHaveCount(1);
    await expect(page.getByTestId('visa-item')).toHaveCount(1);

    await asOnANewDevice(page, DESKTOP);
    expect(await visitHome(page)).toBeLessThan(0.01);
  });
});
