import { expect, type BrowserContext, type Page } from '@playwright/test';
import * as inbox from '../../deploy/mail-catcher/inbox.mjs';
import { DEMO_CREDENTIALS, signInWithMailedCode } from '../../deploy/mail-catcher/sign-in-page.mjs';
import { specTraveler } from './demo-copies';

/** The traveler `SEED_DEMO` creates in the api of the browser tests (api/src/modules/auth/demo-traveler.ts). */
export const DEMO_TRAVELER = {
  ...DEMO_CREDENTIALS,
  nome: 'Mario',
  cognome: 'Rossi',
};

/** The credentials (and names) of a traveler to sign in with. */
export interface TravelerCredentials {
  email: string;
  password: string;
  nome?: string;
  cognome?: string;
}

export type { CaughtMail } from '../../deploy/mail-catcher/server.mjs';
export { submitCredentials } from '../../deploy/mail-catcher/sign-in-page.mjs';

function inboxUrl(): string {
  const url = process.env.E2E_INBOX_URL;
  if (!url) throw new Error('E2E_INBOX_URL is not set: the global setup starts the mail catcher');
  return url;
}

/** The caught mails, newest first. */
export const caughtMails = () => inbox.caughtMails(inboxUrl());

export const lastMailId = () => inbox.lastMailId(inboxUrl());

/** The code of the newest sign-in code mail to `email` caught after the mail `afterId`, waiting for it. */
export const newestOtpCode = (email: string, afterId: number) => inbox.newestSignInCode(inboxUrl(), email, afterId);

/** The newest mail to `email` caught after the mail `afterId` whose text matches `pattern`, waiting for it. */
export const waitForMail = (email: string, afterId: number, pattern: RegExp) =>
  inbox.waitForMail(inboxUrl(), { to: email, afterId, pattern });

/**
 * Signs in as a traveler does: credentials on /sign-in, then the code mailed to them (read from the mail catcher)
 * on the OTP page, landing on /protected. `origin` is another portal origin (a second CDN) whose /api reaches the
 * same api; by default the configured base URL. The specs of signing in use this; the others `signIn`.
 */
export async function signInThroughPage(
  page: Page,
  { origin = '', traveler = DEMO_TRAVELER }: { origin?: string; traveler?: TravelerCredentials } = {},
): Promise<void> {
  await signInWithMailedCode(page, {
    origin,
    email: traveler.email,
    password: traveler.password,
    inboxUrl: inboxUrl(),
  });
}

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The browser state of each traveler signed in by this worker, per portal origin (Playwright's storage state). */
const savedSessions = new Map<string, SavedSession>();

/**
 * Puts a saved session into the page's browser (its cookies, and the local storage that holds the portal's session
 * store) and opens the signed-in home; false when the api no longer knows the session (a test signed it out).
 */
async function resume(page: Page, saved: SavedSession, origin: string): Promise<boolean> {
  await page.context().addCookies(saved.cookies);
  const alive = await page.request.get(`${origin}/api/v1/private/notifications/count`);
  if (alive.status() !== 200) {
    await page.context().clearCookies();
    return false;
  }
  for (const { origin: at, localStorage: items } of saved.origins) {
    await page.goto(`${at}/config.json`);
    await page.evaluate((entries) => {
      for (const { name, value } of entries) localStorage.setItem(name, value);
    }, items);
  }
  await page.goto(`${origin}/protected`);
  await expect(page.getByTestId('avatar')).toBeVisible();
  return true;
}

/**
 * A signed-in traveler on /protected, for the specs that do not test signing in: the first time in this worker (for
 * that traveler and origin) through the page, as `signInThroughPage`; after that from the browser state saved then.
 * By default the traveler is the spec file's own copy of the demo traveler (`specTraveler`).
 */
export async function signIn(
  page: Page,
  { origin = '', traveler = specTraveler() }: { origin?: string; traveler?: TravelerCredentials } = {},
): Promise<void> {
  const key = `${origin} ${traveler.email}`;
  const saved = savedSessions.get(key);
  if (saved && (await resume(page, saved, origin))) return;
  await signInThroughPage(page, { origin, traveler });
  savedSessions.set(key, await page.context().storageState());
}
