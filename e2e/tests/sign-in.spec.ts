import { expect, test } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { DEMO_TRAVELER, caughtMails, lastMailId, signIn, submitCredentials, waitForMail } from '../support/sign-in';

test.describe('sign-in', () => {
  test('a wrong password shows the translated error and stays on the sign-in page', async ({ page }) => {
    await submitCredentials(page, DEMO_TRAVELER.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Username or password wrong');
    await expect(page).toHaveURL(/\/sign-in$/);

    await chooseLanguage(page, 'it_IT');
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel(/^E-mail/).fill(DEMO_TRAVELER.email);
    await form.getByLabel(/^Password/).fill('ancora-sbagliata');
    await form.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toHaveText('Username o password errati');
  });

  test('credentials and the mailed code sign the traveler in; logout returns to the public home', async ({ page }) => {
    await signIn(page);
    await expect(page.getByTestId('avatar')).toContainText('MR');
    await expect(page.getByTestId('avatar')).toHaveAccessibleName(/^MR.*Mario Rossi/);
    await expect(page.getByTestId('bell')).toBeVisible();

    // The session survives a reload: the cookie is the server's session.
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText('MR');

    await page.getByTestId('avatar').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('avatar')).toHaveCount(0);
    // Signed out on the server too: a protected page sends the traveler back to sign in.
    await page.goto('/protected');
    await expect(page).not.toHaveURL(/\/protected$/);
  });

  test('a reload of the OTP page keeps the mailed code; the browser keeps nothing of it once signed in', async ({ page }) => {
    const before = await lastMailId();
    await submitCredentials(page, DEMO_TRAVELER.email, DEMO_TRAVELER.password);
    await expect(page).toHaveURL(/\/sign-in\/otp$/);
    await expect(page.getByText(/^The code expires in/)).toBeVisible();
    const mail = await waitForMail(DEMO_TRAVELER.email, before, /\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const stored = () => page.evaluate(() => localStorage.getItem('varco-session') ?? '');

    // Reloaded, the page goes on counting down the code already mailed, and sends no other.
    await page.reload();
    await expect(page.getByText(/^The code expires in/)).toBeVisible();
    await page.getByLabel(/^Code/).fill(code);
    expect(await stored()).not.toContain(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText('MR');
    const codeMails = (await caughtMails()).filter((item) => item.id > before && item.to.includes(DEMO_TRAVELER.email) && /\b\d{6}\b/.test(item.text));
    expect(codeMails).toHaveLength(1);

    // Signed in: the storage holds the session user, not the code (nor its expiry).
    const saved = await stored();
    expect(saved).not.toContain(code);
    expect(JSON.parse(saved).state).toEqual({ user: { numeroDocumento: expect.any(String), nome: DEMO_TRAVELER.nome, cognome: DEMO_TRAVELER.cognome }, area: 'free', otpExpiration: null });

    // The way back leads to the signed-in home, not to the code step.
    await page.goBack();
    await expect(page).toHaveURL(/\/protected$/);
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText('MR');
    expect(await stored()).not.toContain(code);
  });
});
