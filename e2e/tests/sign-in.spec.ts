import { expect, test } from '@playwright/test';
import { chooseLanguage } from '../support/fixtures';
import { DEMO_TRAVELER, signIn, submitCredentials } from '../support/sign-in';

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
});
