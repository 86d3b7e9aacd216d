import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { textsOf, type LanguageCode } from '../support/messages';
import { issueInvoices, requestsThroughApi } from '../support/records';
import { createTraveler } from '../support/travelers';
import { signIn } from '../support/sign-in';
import { localeOf } from '../support/wizard';

// The visa list and the notification list, grown with Show more, come back as they were left when the traveler opens
// something and goes Back — at once, and also once the page's query cache has let their answers go (60 s, moved with the
// page's clock) — as the invoice list does; a reload shows the list again without an error.

/** Longer than the query cache keeps an answer no page shows (QUERY_GC_TIME_MS). */
const PAST_CACHE_MS = 61_000;
const REQUESTS = 11;
const NOTIFICATIONS = 32;

async function visaListBack(page: Page, language: LanguageCode): Promise<void> {
  const t = textsOf('mf-visa', language);
  const traveler = await createTraveler();
  await signIn(page, { traveler });
  const ids = await requestsThroughApi(page.request, traveler, REQUESTS);
  // The page's own clock from here on, to move past the cache's time instead of waiting for it.
  await page.clock.install();
  await page.goto('/protected/visa');
  await chooseLanguage(page, localeOf(language));
  const items = page.getByTestId('visa-item');
  await expect(items).toHaveCount(10);
  const showMore = page.getByRole('button', { name: t('list.showMore') });
  await showMore.click();
  await expect(items).toHaveCount(REQUESTS);
  await expect(showMore).toHaveCount(0);

  // The oldest request, which Show more brought in, opened and left with Back.
  const { requestCode } = (await (await page.request.get(`/api/v1/private/visa/${ids[0]}`)).json()) as {
    requestCode: string;
  };
  const oldest = page.getByRole('link', { name: t('item.code', { code: requestCode }) });
  await oldest.click();
  await expect(page).toHaveURL(new RegExp(`/protected/visa/${ids[0]}$`));
  await expect(page.getByTestId('visa-detail')).toContainText(requestCode);
  await page.goBack();
  await expect(page).toHaveURL(/\/protected\/visa$/);
  await expect(items).toHaveCount(REQUESTS);
  await expect(showMore).toHaveCount(0);

  // Once more, staying on the request longer than the cache keeps the list.
  await oldest.click();
  await expect(page.getByTestId('visa-detail')).toContainText(requestCode);
  await page.clock.fastForward(PAST_CACHE_MS);
  await page.goBack();
  await expect(page).toHaveURL(/\/protected\/visa$/);
  await expect(items).toHaveCount(REQUESTS);
  await expect(oldest).toBeVisible();
  await expect(showMore).toHaveCount(0);

  // A reload: the list again, and no error.
  await page.reload();
  await expect(items.first()).toBeVisible();
  await expect(items).toHaveCount(REQUESTS);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
}

async function notificationListBack(page: Page, language: LanguageCode): Promise<void> {
  const t = textsOf('mf-notifications', language);
  const common = textsOf('common', language);
  const traveler = await createTraveler();
  await issueInvoices(traveler, NOTIFICATIONS);
  await signIn(page, { traveler });
  await page.clock.install();
  await page.goto('/protected/notifications');
  await chooseLanguage(page, localeOf(language));
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(30);
  const showMore = page.getByRole('button', { name: t('list.showMore') });
  await showMore.click();
  await expect(items).toHaveCount(NOTIFICATIONS);

  // To the invoices through the navigation, and Back.
  const invoices = page.getByRole('navigation').getByRole('link', { name: common('nav.invoices'), exact: true });
  await invoices.click();
  await expect(page).toHaveURL(/\/protected\/invoice$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/protected\/notifications$/);
  await expect(items).toHaveCount(NOTIFICATIONS);
  await expect(showMore).toHaveCount(0);

  // Away longer than the cache keeps the list.
  await invoices.click();
  await expect(page).toHaveURL(/\/protected\/invoice$/);
  await page.clock.fastForward(PAST_CACHE_MS);
  await page.goBack();
  await expect(page).toHaveURL(/\/protected\/notifications$/);
  await expect(items).toHaveCount(NOTIFICATIONS);
  await expect(showMore).toHaveCount(0);

  await page.reload();
  await expect(items.first()).toBeVisible();
  await expect(items).toHaveCount(NOTIFICATIONS);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
}

// Each test has travelers of its own (the worker's copy of the demo traveler, or fresh ones): they run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('Show more, then Back', () => {
  test('the visa list keeps the requests Show more loaded (en)', async ({ page }) => {
    await visaListBack(page, 'en');
  });

  test('the notification list keeps the notifications Show more loaded (en)', async ({ page }) => {
    await notificationListBack(page, 'en');
  });

  test('the notification list keeps the notifications Show more loaded (it)', async ({ page }) => {
    await notificationListBack(page, 'it');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the visa list keeps the requests Show more loaded on a 390 px screen (it)', async ({ page }) => {
      await visaListBack(page, 'it');
    });
  });
});
