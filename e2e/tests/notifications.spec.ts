import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { LANGUAGES, textsOf, type LanguageCode } from '../support/messages';
import { issueInvoices } from '../support/records';
import { createTraveler } from '../support/travelers';
import { signIn } from '../support/sign-in';
import { localeOf } from '../support/wizard';

// More than a page of notifications (30), made the way they are made in production: every invoice a merchant issues to
// the traveler's document reaches them as a notification. Show more loads the rest; marking one as read changes the
// list and the bell's badge at once, without a reload.
const INVOICES = 32;
const PAGE_SIZE = 30;

/** The bell, by the name that carries the unread count (mf-notifications bell.unread_*). */
function bell(page: Page, language: LanguageCode, count: number) {
  const t = textsOf('mf-notifications', language);
  return page.getByRole('link', {
    name: t(count === 1 ? 'bell.unread_one' : 'bell.unread_other', { count }),
    exact: true,
  });
}

async function showMoreAndMarkRead(page: Page, language: LanguageCode): Promise<void> {
  const t = textsOf('mf-notifications', language);
  const traveler = await createTraveler();
  const invoices = await issueInvoices(traveler, INVOICES);
  await signIn(page, { traveler });
  await chooseLanguage(page, localeOf(language));
  await expect(bell(page, language, INVOICES)).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveText(String(INVOICES));

  await bell(page, language, INVOICES).click();
  await expect(page).toHaveURL(/\/protected\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: t('list.title') })).toBeVisible();
  const items = page.getByTestId('notification-item');
  await expect(items).toHaveCount(PAGE_SIZE);
  // Newest first: the last invoice issued is on top, the first two are on the next page.
  await expect(items.first()).toContainText(invoices.at(-1)!.invoiceNumber);
  await expect(page.getByTestId('notification-list')).not.toContainText(invoices[0]!.invoiceNumber);

  const showMore = page.getByRole('button', { name: t('list.showMore') });
  await showMore.click();
  await expect(items).toHaveCount(INVOICES);
  await expect(showMore).toHaveCount(0);
  await expect(items.last()).toContainText(invoices[0]!.invoiceNumber);
  await expect(page.locator('[data-testid="notification-item"][data-unread="true"]')).toHaveCount(INVOICES);

  // Mark the newest as read: it is shown read, and the bell follows at once.
  const markAsRead = t('list.markAsRead');
  const newest = items.first();
  await expect(newest.getByTestId('notification-unread')).toHaveText(t('list.unread'));
  await newest.getByRole('button', { name: markAsRead }).click();
  await expect(newest.getByRole('button', { name: markAsRead })).toHaveCount(0);
  await expect(newest.getByTestId('notification-unread')).toHaveCount(0);
  await expect(newest).toHaveAttribute('data-unread', 'false');
  await expect(bell(page, language, INVOICES - 1)).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveText(String(INVOICES - 1));

  // And one of those Show more brought in.
  const older = items.nth(PAGE_SIZE);
  await older.getByRole('button', { name: markAsRead }).click();
  await expect(older).toHaveAttribute('data-unread', 'false');
  await expect(bell(page, language, INVOICES - 2)).toBeVisible();
  await expect(page.getByTestId('bell-count')).toHaveText(String(INVOICES - 2));
  await expect(items).toHaveCount(INVOICES);

  // The api agrees.
  expect(
    ((await (await page.request.get('/api/v1/private/notifications/count')).json()) as { counter: number }).counter,
  ).toBe(INVOICES - 2);
}

test.describe('notifications', () => {
  for (const { code } of LANGUAGES) {
    test(`Show more after 30; marking as read updates the list and the bell without a reload (${code})`, async ({
      page,
    }) => {
      await showMoreAndMarkRead(page, code);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the same on a 390 px screen (it)', async ({ page }) => {
      await showMoreAndMarkRead(page, 'it');
    });
  });
});
