import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in';

const PHONE = { width: 390, height: 844 };
/** A demo traveler with no invoice and no visa request: every widget of the home is shorter than four items. */
const NEW_TRAVELER = { email: 'emily.clark@example.com', password: 'Varco-Demo-2026!' };
/** The home widgets' calls (latest invoices, the invoices a request can take, latest visa requests). */
const WIDGET_CALLS = /\/api\/v1\/private\/(invoices\/|visa\/list)/;

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
  await expect(page.getByTestId('empty-invoices')).toBeVisible();
  await expect(page.getByTestId('empty-visas')).toBeVisible();
  await expect(page.getByTestId('add-visa-nothing')).toBeVisible();
  await page.unroute(WIDGET_CALLS);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // The entries so far (buffered), read after the next frame: the last shift, if any, has been reported.
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
      }),
  );
}

test.describe('the signed-in home on a phone', () => {
  test.use({ viewport: PHONE });

  test('moves nothing on the next visit of a traveler whose widgets are short, and forgets their sizes at sign-out', async ({ page }) => {
    await signIn(page, { traveler: NEW_TRAVELER });
    // Away from the home (where the sign-in landed), nothing remembered yet: as on a device's first visit.
    await page.goto('/howto');
    await page.evaluate(() => localStorage.removeItem('varco-personal:slot-sizes'));
    // The first visit reserves four items per widget: the empty states arrive shorter and the page moves up.
    expect(await visitHome(page)).toBeGreaterThan(0.1);
    // The next one keeps each slot at the size it had, the header's tools and the add-request line included.
    expect(await visitHome(page)).toBeLessThan(0.01);

    await page.getByTestId('avatar').click();
    await page.getByRole('menuitem', { name: /Log ?out|Sign out/i }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('varco-personal:slot-sizes'))).toBeNull();
  });
});
