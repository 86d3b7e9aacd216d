import { expect, test, type Page } from '@playwright/test';
import { issueInvoice, uniqueSuffix, type TravelDocument } from '../support/travelers';

interface Identity {
  label: RegExp;
  nome: string;
  cognome: string;
  birthday: string;
  initials: string;
}

/** Test identities of deploy/identity-provider with no Varco account in the fresh e2e database: one per test. */
const FIRST_TIME: Identity = {
  label: /Anna Neri/,
  nome: 'Anna',
  cognome: 'Neri',
  birthday: '1975-03-15',
  initials: 'AN',
};
const RETURNING: Identity = {
  label: /Laura Bianchi/,
  nome: 'Laura',
  cognome: 'Bianchi',
  birthday: '1992-08-01',
  initials: 'LB',
};
/** An Italian living in Switzerland, shopping with her Italian passport: the document her invoices carry. */
const italianPassport = (): TravelDocument => ({
  type: 'PASSAPORTO',
  country: 'IT',
  number: `YB${uniqueSuffix()}`.toUpperCase(),
});

/** From the portal's sign-in page to the test identity provider's page, where the identity is picked and shared. */
async function signInWithIdentity(page: Page, identity: Identity): Promise<void> {
  await page.goto('/sign-in');
  await page.getByTestId('spid-link').click();
  await expect(page.getByRole('heading', { name: 'Test digital identity provider' })).toBeVisible();
  await page.getByLabel(identity.label).check();
  await page.getByLabel(/I agree to share/).check();
  await page.getByRole('button', { name: 'Sign in and share' }).click();
}

/** A returning identity: back on the portal, signed in on its home page. */
async function signInAgain(page: Page, identity: Identity): Promise<void> {
  await signInWithIdentity(page, identity);
  await expect(page).toHaveURL(/\/protected$/);
  await expect(page.getByTestId('avatar')).toContainText(identity.initials);
}

/** The completion form of a first-time identity, filled as a traveler does: back on the portal's home, signed in. */
async function completeRegistration(page: Page, passport: TravelDocument): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\/spid\/activate$/);
  const form = page.getByTestId('spid-activation-form');
  const email = `spid.${uniqueSuffix()}@example.com`;
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Confirm e-mail/).fill(email);
  // The styled checkbox sits under its label: click the label, as a traveler does.
  await form.locator('label', { hasText: 'I have read and accept the privacy policy' }).click();
  await form.getByLabel(/^Country of residence/).selectOption('CH');
  await form.getByLabel(/^Document type/).selectOption(passport.type);
  await form.getByLabel(/^Country that issued/).selectOption(passport.country);
  await form.getByLabel(/^Document number/).fill(passport.number);
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/protected$/);
}

/** Logout through the avatar menu: the provider's logout page, then the portal's root, signed out. */
async function signOut(page: Page): Promise<void> {
  await page.getByTestId('avatar').click();
  const providerLogout = page.waitForRequest((request) => request.url().includes('/session/end'));
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await providerLogout;
  // The provider sends the browser back to the site root (with its `state`).
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('avatar')).toHaveCount(0);
}

test.describe('digital identity sign-in', () => {
  test('a first-time identity completes its registration with a travel document, sees its invoices, and signs in again', async ({
    page,
  }) => {
    const passport = italianPassport();
    await signInWithIdentity(page, FIRST_TIME);

    // Back on the portal: the completion form, prefilled from the identity and read-only.
    await expect(page).toHaveURL(/\/sign-in\/spid\/activate$/);
    const form = page.getByTestId('spid-activation-form');
    await expect(form.getByLabel(/^Name/)).toHaveValue(FIRST_TIME.nome);
    await expect(form.getByLabel(/^Name/)).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^Surname/)).toHaveValue(FIRST_TIME.cognome);
    await expect(form.getByLabel(/^Surname/)).toHaveAttribute('readonly', '');
    await expect(form.getByLabel(/^Date of birth/)).toHaveValue(FIRST_TIME.birthday);
    await expect(form.getByLabel(/^Date of birth/)).toHaveAttribute('readonly', '');
    // The travel document starts empty: the fiscal code is not a travel document.
    await expect(form.getByLabel(/^Document number/)).toHaveValue('');

    const email = `anna.neri.${uniqueSuffix()}@example.com`;
    await form.getByLabel(/^E-mail/).fill(email);
    await form.getByLabel(/^Confirm e-mail/).fill(email);
    // The styled checkbox sits under its label: click the label, as a traveler does.
    await form.locator('label', { hasText: 'I have read and accept the privacy policy' }).click();
    await expect(form.getByLabel(/I have read and accept the privacy policy/)).toBeChecked();

    // Without a residence and a document the registration cannot be completed.
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expect(form.getByLabel(/^Country of residence/)).toHaveAccessibleDescription('This field cannot be empty');
    await expect(form.getByLabel(/^Document number/)).toHaveAccessibleDescription('This field cannot be empty');
    await expect(page).toHaveURL(/\/sign-in\/spid\/activate$/);

    // The zone select appears only for a country with zones (Italy: Livigno...), not for Switzerland.
    await form.getByLabel(/^Country of residence/).selectOption('IT');
    await expect(form.getByLabel(/^Zone of residence/)).toBeVisible();
    await form.getByLabel(/^Country of residence/).selectOption('CH');
    await expect(form.getByLabel(/^Zone of residence/)).toHaveCount(0);
    await form.getByLabel(/^Document type/).selectOption(passport.type);
    await form.getByLabel(/^Country that issued/).selectOption(passport.country);
    await form.getByLabel(/^Document number/).fill(passport.number);
    await form.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/protected$/);
    await expect(page.getByTestId('avatar')).toContainText(FIRST_TIME.initials);

    // The profile shows the travel document.
    await page.goto('/protected/edit-user');
    const profile = page.getByTestId('profile');
    await expect(profile.getByLabel('Country of residence')).toHaveValue('Switzerland');
    await expect(profile.getByLabel('Document type')).toHaveValue('Passport');
    await expect(profile.getByLabel('Country of the document')).toHaveValue('Italy');
    await expect(profile.getByLabel('Document number')).toHaveValue(passport.number);

    // A merchant issues an invoice to that document: it is hers.
    const { invoiceNumber } = await issueInvoice({ ...FIRST_TIME, document: passport }, 480);
    await page.goto('/protected/invoice');
    await expect(page.getByText(`Invoice ${invoiceNumber}`)).toBeVisible();

    // Signed out (at the provider too), the same identity signs in again straight to its home page.
    await signOut(page);
    await signInAgain(page, FIRST_TIME);
  });

  test('a returning identity signs in from a fresh browser, again after a reload, and once more after signing out', async ({
    page,
    browser,
  }) => {
    // A registration and three sign-ins, each through the identity provider's own pages: three journeys in one.
    test.setTimeout(120_000);
    // Registered earlier, in another browser, with an invoice on its document.
    const passport = italianPassport();
    const earlier = await browser.newContext();
    const earlierPage = await earlier.newPage();
    await signInWithIdentity(earlierPage, RETURNING);
    await completeRegistration(earlierPage, passport);
    await earlier.close();
    const { invoiceNumber } = await issueInvoice({ ...RETURNING, document: passport }, 390);

    // This browser: no saved session, no cookie of the portal or of the provider.
    await signInAgain(page, RETURNING);
    await page.goto('/protected/invoice');
    await expect(page.getByText(`Invoice ${invoiceNumber}`)).toBeVisible();

    // A full session on the server: it survives a reload.
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText(RETURNING.initials);

    await signOut(page);
    await page.reload();
    await signInAgain(page, RETURNING);
    await page.reload();
    await expect(page.getByTestId('avatar')).toContainText(RETURNING.initials);
  });
});
