// A traveler signing in as a person does, in the English interface: the credentials on /sign-in, then the code mailed
// to them (read from the mail catcher) on the OTP page, landing on /protected. The browser tests' sign-in and the
// benches' signed-in pages both go this way.
import { lastMailId, newestSignInCode } from './inbox.mjs';

/** The credentials of the traveler that an api started with `SEED_DEMO` creates (api/src/modules/auth/demo-traveler.ts). */
export const DEMO_CREDENTIALS = { email: 'mario.rossi@example.com', password: 'Varco-Demo-2026!' };

/** Fills the credentials form of /sign-in and submits it. */
export async function submitCredentials(page, email, password, origin = '') {
  await page.goto(`${origin}/sign-in`);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs `email` in on the portal at `origin` (by default the page's own) with the code that the catcher at
 * `inboxUrl` caught; each step waits for what the traveler would see, and fails when it does not come.
 */
export async function signInWithMailedCode(page, { origin = '', email, password, inboxUrl }) {
  const before = await lastMailId(inboxUrl);
  await submitCredentials(page, email, password, origin);
  await page.waitForURL(/\/sign-in\/otp$/);
  await page.getByText(/^The code expires in/).waitFor();
  await page.getByLabel(/^Code/).fill(await newestSignInCode(inboxUrl, email, before));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/protected$/);
  await page.getByTestId('avatar').waitFor();
}
