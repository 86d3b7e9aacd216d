import { expect, test } from '@playwright/test';

/** A test identity of deploy/identity-provider with no Varco account in the fresh e2e database. */
const IDENTITY = { label: /Anna Neri/, fiscalNumber: 'TINIT-NREANN75C55L219Z', nome: 'Anna', cognome: 'Neri', birthday: '1975-03-15', email: 'anna.neri@example.com' };

test.describe('digital identity sign-in', () => {
  test('a first-time identity completes its registration and lands signed in', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByTestId('spid-link').click();

    // The test identity provider's own page: pick the identity, consent.
    await expect(page.getByRole('heading', { name: 'Test digital identity provider' })).toBeVisible();
    await page.getByLabel(IDENTITY.label).check();
    await page.getByLabel(/I agree to share/).check();
    await page.getByRole('button', { name: 'Sign in and share' }).click();

    // Back on the portal: the completion form, prefilled from the identity and read-only.
    await expect(page).toHaveURL(/\/sign-in\/spid\/activate$/);
    const form = page.getByTestId('spid-activation-form');
    await expect(form.getByLabel(/^Name/)).toHaveValue(IDENTITY.nome);
    await expect(form.getByLabel(/^Name/)).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^Surname/)).toHaveValue(IDENTITY.cognome);
    await expect(form.getByLabel(/^Surname/)).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^Date of birth/)).toHaveValue(IDENTITY.birthday);
    await expect(form.getByLabel(/^Date of birth/)).toHaveAttribute('readonly', '');

    const email = `anna.neri.${Date.now()}@example.com`;
    await form.getByLabel(/^E-mail/).fill(email);
    await form.getByLabel(/^Confirm e-mail/).fill(email);
    // The styled checkbox sits under its label: click the label, as a traveler does.
    await form.locator('label', { hasText: 'I have read and accept the privacy policy' }).click();
    await expect(form.getByLabel(/I have read and accept the privacy policy/)).toBeChecked();
    await form.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText('AN');
    // A full session on the server: it survives a reload.
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText('AN');
  });
});
