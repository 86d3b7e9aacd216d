import { expect, type Page } from '@playwright/test';

/** The traveler `SEED_DEMO` creates in the api of the browser tests (api/src/modules/auth/demo-traveler.ts). */
export const DEMO_TRAVELER = {
  email: 'mario.rossi@example.com',
  password: 'Varco-Demo-2026!',
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

export interface CaughtMail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

function inboxUrl(): string {
  const url = process.env.E2E_INBOX_URL;
  if (!url) throw new Error('E2E_INBOX_URL is not set: the global setup starts the mail catcher');
  return url;
}

/** The caught mails, newest first. */
export async function caughtMails(): Promise<CaughtMail[]> {
  const response = await fetch(`${inboxUrl()}/api/messages`);
  if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

export const lastMailId = async () => (await caughtMails())[0]?.id ?? 0;

/** The code of the newest sign-in code mail to `email` caught after the mail `afterId`, waiting for it. */
async function newestOtpCode(email: string, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await caughtMails()).find(
          (item) =>
            item.id > afterId && item.to.toLowerCase().includes(email.toLowerCase()) && /\b\d{6}\b/.test(item.text),
        );
        code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
        return code;
      },
      { message: `an OTP mail to ${email}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** The newest mail to `email` caught after the mail `afterId` whose text matches `pattern`, waiting for it. */
export async function waitForMail(email: string, afterId: number, pattern: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtMails()).find(
          (item) => item.id > afterId && item.to.toLowerCase().includes(email.toLowerCase()) && pattern.test(item.text),
        );
        return found !== undefined;
      },
      { message: `a mail to ${email} matching ${String(pattern)}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Fills the credentials form of /sign-in and submits it (English interface). */
export async function submitCredentials(page: Page, username: string, password: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(/^E-mail/).fill(username);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in as a traveler does: credentials on /sign-in, then the code mailed to them (read from the mail catcher)
 * on the OTP page, landing on /protected. `origin` is another portal origin (a second CDN) whose /api reaches the
 * same api; by default the configured base URL.
 */
export async function signIn(
  page: Page,
  { origin = '', traveler = DEMO_TRAVELER }: { origin?: string; traveler?: TravelerCredentials } = {},
): Promise<void> {
  const before = await lastMailId();
  await submitCredentials(page, traveler.email, traveler.password, origin);
  await expect(page).toHaveURL(/\/sign-in\/otp$/);
  await expect(page.getByText(/^The code expires in/)).toBeVisible();
  const code = await newestOtpCode(traveler.email, before);
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/protected$/);
  await expect(page.getByTestId('avatar')).toBeVisible();
}
