import { expect, test, type Page } from '@playwright/test';
import { CAPTCHA_TEST_ANSWER } from '../support/ports';
import {
  lastMailId,
  signIn,
  signInThroughPage,
  submitCredentials,
  waitForMail,
  type TravelerCredentials,
} from '../support/sign-in';
import { uniqueSuffix } from '../support/travelers';

interface NewTraveler extends Required<TravelerCredentials> {
  documentNumber: string;
}

function newTraveler(): NewTraveler {
  const unique = uniqueSuffix();
  return {
    email: `giulia.verdi.${unique}@example.com`,
    password: 'Varco-Test-2026!',
    nome: 'Giulia',
    cognome: 'Verdi',
    documentNumber: `E2E${unique}`.toUpperCase(),
  };
}

/** A form field by its label, which carries " *" when the field is required. */
const labelled = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);

/** The link of the newest mail to `email` after `afterId` that leads to `path` (absolute, PUBLIC_BASE_URL of the e2e portal). */
async function linkFromMail(email: string, afterId: number, path: string): Promise<string> {
  const pattern = new RegExp(`(https?://[^\\s/]+/${path}\\?key1=[\\w-]+&key2=[\\w-]+)`);
  const mail = await waitForMail(email, afterId, pattern);
  const link = pattern.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  return link!;
}

/** Registers through /sign-up as a traveler does, choosing from the real lists; ends on the check-your-mail step. */
async function registerThroughForm(page: Page, traveler: NewTraveler): Promise<void> {
  await page.goto('/sign-up');
  const form = page.getByTestId('sign-up-form');
  await form.getByLabel(labelled('Name')).fill(traveler.nome);
  await form.getByLabel(labelled('Surname')).fill(traveler.cognome);
  await form.getByLabel(labelled('Date of birth')).fill('1991-07-14');
  await expect(form.getByLabel(labelled('Country of residence'))).toBeEnabled();
  await form.getByLabel(labelled('Country of residence')).selectOption({ label: 'Switzerland' });
  await expect(form.getByLabel(labelled('Document type'))).toBeEnabled();
  await form.getByLabel(labelled('Document type')).selectOption({ label: 'Passport' });
  await form.getByLabel(labelled('Country that issued the document')).selectOption({ label: 'Switzerland' });
  await form.getByLabel(labelled('Document number')).fill(traveler.documentNumber);
  await form.getByLabel(labelled('E-mail')).fill(traveler.email);
  await form.getByLabel(labelled('Confirm e-mail')).fill(traveler.email);
  await form.getByLabel(labelled('Password')).fill(traveler.password);
  await form.getByLabel(labelled('Confirm password')).fill(traveler.password);
  // The design system hides the box itself and draws it on the label: a traveler clicks the label.
  await form.locator('label', { hasText: 'I have read and accept the privacy policy' }).click();
  await expect(form.getByLabel(labelled('I have read and accept the privacy policy'))).toBeChecked();
  // The picture is real; the e2e api also accepts CAPTCHA_TEST_ANSWER for it.
  await expect(form.getByRole('img', { name: 'Security code to copy' })).toBeVisible();
  await form.getByLabel(labelled('Security code')).fill(CAPTCHA_TEST_ANSWER);
  await form.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByTestId('check-mail')).toBeVisible();
  await expect(page.getByTestId('check-mail')).toContainText(traveler.email);
}

/** Registers, opens the activation link of the mail and sees the success. */
async function registerAndActivate(page: Page, traveler: NewTraveler): Promise<void> {
  const before = await lastMailId();
  await registerThroughForm(page, traveler);
  const link = await linkFromMail(traveler.email, before, 'sign-up');
  await page.goto(link);
  await expect(page.getByTestId('activation-success')).toBeVisible();
  await expect(page.getByTestId('activation-success')).toContainText('Your account is active');
}

test.describe('accounts', () => {
  test('registers through the form, activates from the mail and signs in with the new account', async ({ page }) => {
    const traveler = newTraveler();
    const before = await lastMailId();
    await registerThroughForm(page, traveler);
    // Not active yet: the sign-in says so after the right password.
    await submitCredentials(page, traveler.email, traveler.password);
    await expect(page.getByRole('alert')).toContainText('not active yet');

    const link = await linkFromMail(traveler.email, before, 'sign-up');
    await page.goto(link);
    await expect(page.getByTestId('activation-success')).toBeVisible();
    // The key is single-use: the same link again shows the server's detail.
    await page.goto(link);
    await expect(page.getByTestId('activation-error')).toContainText('The link is not valid or has already been used.');

    await signInThroughPage(page, { traveler });
    await expect(page.getByTestId('avatar')).toContainText('GV');
    await expect(page.getByTestId('avatar')).toHaveAccessibleName(/^GV.*Giulia Verdi/);
  });

  test('Confirm checks the whole form even when leaving a wrong field shows its message and moves the button', async ({
    page,
  }) => {
    await page.goto('/sign-up');
    const form = page.getByTestId('sign-up-form');
    await expect(form.getByRole('img', { name: 'Security code to copy' })).toBeVisible();
    await form.getByLabel(labelled('Password')).fill('abcdefgh');
    // One click: the password loses the focus to the button, and the form is checked all the same.
    await form.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(form.getByLabel(labelled('Name'))).toBeFocused();
    await expect(form.getByLabel(labelled('Name'))).toHaveAccessibleDescription('This field cannot be empty');
    await expect(form.getByLabel(labelled('Password'))).toHaveAccessibleDescription(
      /^The password must be at least 8 characters long/,
    );
  });

  test('resets the password from the mailed link and signs in with the new one', async ({ page }) => {
    const traveler = newTraveler();
    await registerAndActivate(page, traveler);

    const before = await lastMailId();
    await page.goto('/recover-password');
    await page.getByTestId('recover-form').getByLabel(labelled('E-mail')).fill(traveler.email);
    await page.getByTestId('recover-form').getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('recover-sent')).toBeVisible();

    const link = await linkFromMail(traveler.email, before, 'change-password');
    await page.goto(link);
    const form = page.getByTestId('change-password-form');
    const newPassword = 'Changed-Pass-2026?';
    await form.getByLabel(labelled('New password')).fill(newPassword);
    await form.getByLabel(labelled('Confirm the new password')).fill(newPassword);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('password-changed')).toBeVisible();

    // The old password no longer works; the new one does.
    await submitCredentials(page, traveler.email, traveler.password);
    await expect(page.getByRole('alert')).toHaveText('Username or password wrong');
    await signInThroughPage(page, { traveler: { ...traveler, password: newPassword } });
    await expect(page.getByTestId('avatar')).toContainText('GV');

    // The link was single-use.
    await page.goto(link);
    await expect(page.getByTestId('change-password-form')).toHaveCount(0);
  });

  test('deletes the profile: signed out with a confirmation, and the account cannot sign in again', async ({
    page,
  }) => {
    const traveler = newTraveler();
    await registerAndActivate(page, traveler);
    await signIn(page, { traveler });
    await page.goto('/protected/edit-user');
    await expect(page.getByTestId('profile')).toBeVisible();
    await expect(page.getByLabel(labelled('E-mail'))).toHaveValue(traveler.email);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByTestId('avatar')).toHaveCount(0);
    // The page the traveler lands on says what happened, once: not after the next navigation, not after a reload.
    const confirmation = page
      .getByRole('status')
      .filter({ hasText: 'Your account and your personal data have been deleted.' });
    await expect(confirmation).toBeVisible();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/recover-password$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByTestId('sign-in-form')).toBeVisible();
    await expect(page.getByTestId('account-deleted')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('sign-in-link')).toBeVisible();
    await expect(page.getByTestId('sign-in-form')).toBeVisible();
    await expect(page.getByTestId('account-deleted')).toHaveCount(0);

    await submitCredentials(page, traveler.email, traveler.password);
    await expect(page.getByRole('alert')).toHaveText('Username or password wrong');
  });
});
