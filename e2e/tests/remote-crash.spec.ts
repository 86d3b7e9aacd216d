import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import type { Cdn } from '../../deploy/local-cdn/server.mjs';
import { LANGUAGES, textsOf, type LanguageCode } from '../support/messages';
import { serveVariant } from '../support/remote-release';
import { signIn } from '../support/sign-in';
import { localeOf } from '../support/wizard';

// A remote that loads and then throws while rendering — not one that fails to load: a variant of mf-notifications
// whose notification list throws on every render in a tab until the traveler presses Retry on the shell's notice (a
// session storage mark, set as that click happens, lets the next render through), released with the remote's own
// release command into a copy of the CDN and served from a second CDN. The shell's boundary shows the translated
// notice; Retry mounts the remote again, and this time it works. Built once for the file (about 15-30 s).
const CRASH_VERSION = '0.1.1-crash';
const CRASHED_MARK = 'varco-e2e-crashed-once';
const LIST = 'src/features/notifications/components/notification-list.tsx';

let cdn: Cdn;

test.beforeAll(async () => {
  // A release of mf-notifications built from a copy of its sources by its release command: up to a minute and a half
  // on a slower machine of this kind with every worker busy.
  test.setTimeout(240_000);
  cdn = await serveVariant('mfNotifications', {
    folder: 'mf-notifications',
    version: CRASH_VERSION,
    edit: (appDir) => {
      const file = join(appDir, LIST);
      const source = readFileSync(file, 'utf8');
      const signature = 'export function NotificationList() {';
      if (!source.includes(signature)) throw new Error(`${LIST} no longer declares NotificationList as expected`);
      // Set in the capture phase of the click on Retry, before the shell handles it: however often React renders the
      // failed tree again (it retries a failed concurrent render at once), the list fails until then, and not after.
      const retried = `
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('[data-testid="remote-unavailable"] button')) sessionStorage.setItem('${CRASHED_MARK}', '1');
}, true);
`;
      const crash = `
  if (sessionStorage.getItem('${CRASHED_MARK}') === null) throw new Error('the notification list failed to render');`;
      writeFileSync(file, source.replace(signature, `${retried}\n${signature}${crash}`));
    },
  });
});

test.afterAll(async () => {
  await cdn?.close();
});

async function crashThenRetry(
  browser: Browser,
  language: LanguageCode,
  viewport?: { width: number; height: number },
): Promise<void> {
  const common = textsOf('common', language);
  const t = textsOf('mf-notifications', language);
  const context = await browser.newContext({ locale: 'en-US', ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  try {
    await signIn(page, { origin: cdn.url });
    await page.locator('#language-select').selectOption(localeOf(language));
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    await page.getByTestId('bell').click();
    await expect(page).toHaveURL(/\/protected\/notifications$/);
    const notice = page.getByTestId('remote-unavailable');
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('data-remote', 'mfNotifications');
    await expect(notice.getByRole('heading', { name: common('remote.unavailableTitle') })).toBeVisible();
    await expect(notice).toContainText(common('remote.unavailableText'));
    // It failed while rendering (the boundary says which remote), not while loading.
    expect(failures.some((text) => text.includes('[remote mfNotifications] failed to render'))).toBe(true);
    // The rest of the portal works around it.
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('avatar')).toBeVisible();

    await notice.getByRole('button', { name: common('remote.retry') }).click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: t('list.title') })).toBeVisible();
    await expect(page.getByTestId('notification-list').or(page.getByTestId('empty-notifications'))).toBeVisible();
    await expect(page).toHaveURL(/\/protected\/notifications$/);
  } finally {
    await context.close();
  }
}

test.describe('a remote that throws while rendering', () => {
  for (const { code } of LANGUAGES) {
    test(`shows the translated notice, and Retry mounts it again (${code})`, async ({ browser }) => {
      await crashThenRetry(browser, code);
    });
  }

  test('the same on a 390 px screen (it)', async ({ browser }) => {
    await crashThenRetry(browser, 'it', { width: 390, height: 844 });
  });
});
