import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, expectAccessible } from '../support/fixtures';
import { caughtMails, lastMailId, signIn, waitForMail } from '../support/sign-in';
import { addVirtualAuthenticator } from '../support/passkeys';
import { createTraveler } from '../support/travelers';

/**
 * Passkeys in Chromium with a virtual authenticator of the DevTools protocol's WebAuthn domain: a platform
 * authenticator (internal transport) that holds discoverable credentials and verifies its user, answering the
 * browser's dialog by itself. The page runs on http://localhost, a secure context, the RP ID of the e2e api.
 */

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('avatar').click();
  await page.getByRole('menuitem', { name: /^(Logout|Esci)$/ }).click();
  await expect(page.getByTestId('avatar')).toHaveCount(0);
}

/**
 * Takes the autofill offer (conditional mediation) away from the page, as in a browser that has none: Chromium's
 * virtual authenticator answers the sign-in page's autofill request by itself, so without this the button is never
 * needed.
 */
async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: () => Promise.resolve(false),
    });
  });
}

test.describe('passkeys', () => {
  test('adds a passkey in the profile, signs in with it without OTP, removes it, and it is refused afterwards', async ({
    page,
  }) => {
    // A registration, two sign-ins and a removal with their mails: longer than one journey.
    test.setTimeout(240_000);
    const cdp = await page.context().newCDPSession(page);
    const authenticatorId = await addVirtualAuthenticator(cdp);
    const traveler = await createTraveler({ nome: 'Ada', cognome: 'Lovelace' });
    await signIn(page, { traveler });

    // Add, with a name: the browser's dialog is answered by the virtual authenticator.
    const beforeAdd = await lastMailId();
    await page.goto('/protected/edit-user');
    const section = page.getByTestId('passkeys');
    await expect(section.getByTestId('passkeys-empty')).toBeVisible();
    await section.getByLabel(/^Name of the passkey/).fill('Travel laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('status')).toContainText('The passkey “Travel laptop” has been added.');
    await expect(section.getByTestId('passkey-item')).toContainText('Travel laptop');
    await expect(section.getByTestId('passkey-item')).toContainText('Not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await waitForMail(traveler.email, beforeAdd, /The passkey “Travel laptop” has been added to your account/);
    await expectAccessible(page);

    // Signed out, then in with the passkey: a full session at once, no code mailed. Opening the sign-in page is enough:
    // the e-mail field's autofill request gets the passkey from the authenticator.
    await signOut(page);
    const beforeSignIn = await lastMailId();
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText('AL');
    await page.goto('/protected/invoice');
    await expect(page).toHaveURL(/\/protected\/invoice$/);
    await page.goto('/protected/edit-user');
    await expect(section.getByTestId('passkey-item')).toContainText('Last used on');
    const codeMails = (await caughtMails()).filter(
      (mail) => mail.id > beforeSignIn && mail.to.includes(traveler.email) && /\b\d{6}\b/.test(mail.text),
    );
    expect(codeMails).toEqual([]);

    // Removed after the confirmation: it stops signing in at once, and the sessions it opened end with it, this
    // browser's included (a lost phone is signed out): the next call of the page answers 401 and it goes to sign in.
    const beforeRemove = await lastMailId();
    await section.getByRole('button', { name: 'Remove' }).click();
    await section.getByRole('button', { name: 'Yes, remove it' }).click();
    await waitForMail(traveler.email, beforeRemove, /The passkey “Travel laptop” has been removed from your account/);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByTestId('avatar')).toHaveCount(0);

    // The authenticator still holds the credential; the api no longer knows it. The autofill request is refused...
    await expect(page.getByRole('alert')).toContainText(
      'This passkey is not registered for any account (it may have been removed)',
    );
    await expect(page).toHaveURL(/\/sign-in$/);
    // ...and so is the button's, in Italian.
    await chooseLanguage(page, 'it_IT');
    await page.getByRole('button', { name: 'Accedi con una passkey' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Questa passkey non è registrata per nessun account (potrebbe essere stata rimossa)',
    );
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByTestId('avatar')).toHaveCount(0);
  });

  test('signs in with the button where the browser offers no autofill', async ({ page }) => {
    await withoutPasskeyAutofill(page);
    const cdp = await page.context().newCDPSession(page);
    await addVirtualAuthenticator(cdp);
    const traveler = await createTraveler({ nome: 'Ada', cognome: 'Lovelace' });
    await signIn(page, { traveler });
    await page.goto('/protected/edit-user');
    const section = page.getByTestId('passkeys');
    await section.getByLabel(/^Name of the passkey/).fill('Phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByTestId('passkey-item')).toContainText('Phone');
    await signOut(page);

    await page.goto('/sign-in');
    await expect(page.getByTestId('sign-in-form')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText('AL');
  });

  test('tells, translated, when the browser’s dialog is cancelled', async ({ page }) => {
    // An authenticator whose user does not verify: Chromium ends the request as not allowed, as when the traveler cancels.
    await addVirtualAuthenticator(await page.context().newCDPSession(page), { verified: false });
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByTestId('passkey-error')).toContainText('The passkey request was cancelled or timed out.');
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});
