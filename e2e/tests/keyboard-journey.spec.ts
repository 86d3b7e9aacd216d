import { expect, test, type Locator, type Page } from '@playwright/test';
import { lastMailId, newestOtpCode } from '../support/sign-in';
import { createTraveler, issueInvoice, romeDay, DEMO_VENDOR_NAME } from '../support/travelers';
import { afterNextPoll, scanAtKiosk } from '../support/visas';

// A traveler who uses the keyboard alone, no mouse click anywhere: Tab and Shift+Tab to a control, Enter and Space on
// it, the arrow keys in a list. After every navigation the focus is on the new page's heading and its title has been
// announced (WCAG 2.1.1, 2.4.3, 4.1.3).

/** Tab (Shift+Tab with `back`) until `target` has the focus, as a keyboard user moves; at most `limit` presses. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}: ${String(target)}`);
}

/** Tab to a control and press Enter on it. */
async function activate(page: Page, target: Locator, options?: { back?: boolean }): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

/** Tab to a closed list and move through it with the arrow keys until it shows `value`. */
async function pick(page: Page, list: Locator, value: string): Promise<void> {
  await tabTo(page, list);
  const values = await list
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const steps = values.indexOf(value) - values.indexOf(await list.inputValue());
  expect(values, `${value} among the options`).toContain(value);
  for (let n = 0; n < Math.abs(steps); n += 1) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
  await expect(list).toHaveValue(value);
}

/** Tab to a text field and type into it, what it held replaced. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** The page navigated to: its heading has the focus, and its title is the one announced. */
async function expectArrivedAt(page: Page, heading: string | RegExp): Promise<void> {
  const h1 = page.locator('#main h1');
  await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect(page.getByTestId('page-announcer')).toHaveText(await page.title());
}

/** The page's scroll position once it has stopped moving (the design system scrolls smoothly). */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(() => window.scrollY);
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return last;
}

/** The travel step as a keyboard fills it: by air to New York, on `day` at 10:00, flight `flight`. */
async function fillTravel(page: Page, document: { type: string; number: string }, flight: string): Promise<void> {
  await pick(page, page.getByLabel(/^Means of transport/), 'AE');
  await pick(page, page.getByLabel(/^Travel document type/), document.type);
  await typeInto(page, page.getByLabel(/^Travel document number/), document.number);
  await pick(page, page.getByLabel(/^Destination country/), 'US');
  await pick(page, page.getByLabel(/^Destination airport/), 'JFK');
  await typeInto(page, page.getByLabel(/^Flight number/), flight);
  // A date field takes its parts as typed digits, in the browser's order (month, day, year here).
  const [year, month, day] = romeDay(1).split('-');
  await tabTo(page, page.getByLabel(/^Departure date/));
  await page.keyboard.type(`${month}${day}${year}`);
  await expect(page.getByLabel(/^Departure date/)).toHaveValue(romeDay(1));
  await pick(page, page.getByLabel(/^Hour/), '10');
  await pick(page, page.getByLabel(/^Minutes/), '0');
}

test('with the keyboard alone: sign in with the mailed code, a request made, modified and deleted, a notification read, the language changed, signed out', async ({
  page,
}) => {
  // A whole visit, every control reached with Tab: longer than one journey.
  test.setTimeout(180_000);
  const traveler = await createTraveler();
  const { invoiceNumber } = await issueInvoice(traveler, 180);
  await page.clock.install();

  await page.goto('/');
  await activate(page, page.getByTestId('sign-in-link'));
  await expectArrivedAt(page, 'Sign in');
  const before = await lastMailId();
  const form = page.getByTestId('sign-in-form');
  await typeInto(page, form.getByLabel(/^E-mail/), traveler.email);
  await typeInto(page, form.getByLabel(/^Password/), traveler.password);
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Verification code');
  await typeInto(page, page.getByLabel(/^Code/), await newestOtpCode(traveler.email, before));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/protected$/);
  await expectArrivedAt(page, 'Your tax-free area');

  // The wizard, step by step.
  await activate(page, page.getByRole('link', { name: 'Add new request' }));
  await expectArrivedAt(page, 'New visa request');
  await expect(page).toHaveTitle('Step 1 of 3: select the invoices – New visa request – Varco');
  await tabTo(page, page.getByLabel(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`));
  await page.keyboard.press('Space');
  await expect(page.getByLabel(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`)).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /1 invoice selected/ })).toBeVisible();
  await activate(page, page.getByRole('button', { name: 'Next' }));
  await expectArrivedAt(page, 'New visa request');
  await expect(page).toHaveTitle('Step 2 of 3: travel details – New visa request – Varco');
  await fillTravel(page, traveler.document, 'AZ610');
  await activate(page, page.getByRole('button', { name: 'Next' }));
  await expect(page).toHaveTitle('Step 3 of 3: summary – New visa request – Varco');
  await expectArrivedAt(page, 'New visa request');
  await activate(page, page.getByRole('button', { name: 'Send request' }));
  await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
  await expectArrivedAt(page, 'Visa request detail');
  await expect(page).toHaveTitle(/^Request \S+ – Varco$/);

  // Modified: another flight, through the same three steps.
  await activate(page, page.getByRole('link', { name: 'Modify' }));
  await expectArrivedAt(page, 'Modify visa request');
  await activate(page, page.getByRole('button', { name: 'Next' }));
  await expect(page).toHaveTitle('Step 2 of 3: travel details – Modify visa request – Varco');
  await typeInto(page, page.getByLabel(/^Flight number/), 'AZ612');
  await activate(page, page.getByRole('button', { name: 'Next' }));
  await expect(page.getByText('AZ612')).toBeVisible();
  await activate(page, page.getByRole('button', { name: /^(Send request|Save changes|Update request)$/ }));
  await expect(page).toHaveURL(/\/protected\/visa\/\d+$/);
  await expectArrivedAt(page, 'Visa request detail');
  await expect(page.getByText('AZ612')).toBeVisible();

  // Deleted, behind its question: the safe answer has the focus, Tab leads to the other.
  await activate(page, page.getByRole('button', { name: 'Delete' }));
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await activate(page, page.getByRole('button', { name: 'Yes, delete' }), { back: true });
  await expect(page).toHaveURL(/\/protected$/);
  await expect(page.locator('#main h1')).toBeFocused();
  await expect(page.getByTestId('page-announcer')).toHaveText(
    /^Request \S+ has been deleted\. Your tax-free area – Varco$/,
  );

  // A request granted at the exit point: its notification, read from the bell.
  await activate(page, page.getByRole('link', { name: 'Add new request' }));
  await tabTo(page, page.getByLabel(`Invoice ${invoiceNumber}, ${DEMO_VENDOR_NAME}`));
  await page.keyboard.press('Space');
  await activate(page, page.getByRole('button', { name: 'Next' }));
  await fillTravel(page, traveler.document, 'AZ610');
  await activate(page, page.getByRole('button', { name: 'Next' }));
  await activate(page, page.getByRole('button', { name: 'Send request' }));
  await expectArrivedAt(page, 'Visa request detail');
  const scan = await scanAtKiosk(page);
  expect(scan.code, scan.output).toBe(0);
  const bell = page.getByRole('link', { name: /^\d+ unread notifications?$/ });
  await afterNextPoll(page, bell);
  await activate(page, bell, { back: true });
  await expectArrivedAt(page, 'Notifications');
  const granted = page.getByRole('listitem').filter({ hasText: /has been granted/ });
  await activate(page, granted.getByRole('button', { name: 'Mark as read' }));
  await expect(granted.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  // The button gone, the keyboard stays on the notification, which now reads as read.
  await expect(granted).toBeFocused();
  await expect(page.getByTestId('read-announcer')).toHaveText(/^Marked as read: .*has been granted/);

  // The language: the arrows only move through the list; Enter changes the page, the focus stays on the list.
  const languages = page.locator('#language-select');
  await tabTo(page, languages, { back: true });
  for (const _ of ['zh-Hans', 'es', 'fr', 'de']) await page.keyboard.press('ArrowDown');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(languages).toBeFocused();
  await expect(page.getByTestId('language-announcer')).toHaveText('Die Seite ist jetzt auf Deutsch');
  await expect(page.locator('#main h1')).toHaveText('Benachrichtigungen');

  // Signed out from the user menu, opened and walked with the keyboard.
  await activate(page, page.getByRole('button', { name: /Benutzermenü von Luca Bianchi/ }));
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sign-in-link')).toBeVisible();
  await expect(page.locator('#main h1')).toBeFocused();
});

test('Back and Forward: the focus on each page’s heading, the scroll position Back restores kept', async ({ page }) => {
  // A phone: how it works is taller than the screen.
  await page.setViewportSize({ width: 390, height: 600 });
  await page.goto('/');
  await activate(page, page.getByRole('main').getByRole('link', { name: 'How it works' }));
  await expectArrivedAt(page, 'How it works');
  await tabTo(page, page.getByTestId('sign-in-link'));
  // Scrolled down with the keyboard, the focus left on the link.
  await page.keyboard.press('PageDown');
  const scrolled = await settledScrollY(page);
  expect(scrolled).toBeGreaterThan(100);
  await page.keyboard.press('Enter');
  await expectArrivedAt(page, 'Sign in');
  await page.goBack();
  await expectArrivedAt(page, 'How it works');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  await page.goForward();
  await expectArrivedAt(page, 'Sign in');
});
