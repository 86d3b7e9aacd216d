import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage } from '../support/reflow';
import { textsOf, type LanguageCode } from '../support/messages';
import { signIn } from '../support/sign-in';
import { createTraveler, issueInvoice } from '../support/travelers';
import { requestVisaThroughApi } from '../support/visas';

// Each page as a screen reader meets it: its own title in the tab, "page – Varco" in the page's language (in the HTML
// of the build already for the pages rendered then), and an accessibility tree (Playwright's ARIA snapshot) with one
// h1, the banner, navigation, main and footer landmarks, and no control without a name.

const en = {
  common: textsOf('common', 'en'),
  auth: textsOf('mf-auth', 'en'),
  invoices: textsOf('mf-invoices', 'en'),
  visa: textsOf('mf-visa', 'en'),
  notifications: textsOf('mf-notifications', 'en'),
};
const titled = (name: string, language: LanguageCode = 'en') =>
  textsOf('common', language)('app.pageTitle', { page: name });

const CONTROL_ROLES = 'button|link|textbox|combobox|checkbox|radio|spinbutton|searchbox|switch|tab|menuitem|listbox';
/** A control's line in an ARIA snapshot that has no name: its role, maybe its states, and nothing in quotes. */
const UNNAMED_CONTROL = new RegExp(`^\\s*- (${CONTROL_ROLES})( \\[[^\\]]*\\])*:?$`);

/** What a screen reader would miss on the page shown: the h1 count, a landmark missing, a control with no name. */
async function structureProblems(page: Page): Promise<string[]> {
  const lines = (await page.locator('body').ariaSnapshot()).split('\n');
  const problems: string[] = [];
  const headings = lines.filter((line) => /^\s*- heading .*\[level=1\]/.test(line));
  if (headings.length !== 1) problems.push(`${headings.length} h1: ${headings.join(' | ')}`);
  for (const landmark of ['banner', 'navigation', 'main', 'contentinfo'])
    if (!lines.some((line) => new RegExp(`^\\s*- ${landmark}\\b`).test(line))) problems.push(`no ${landmark}`);
  problems.push(...lines.filter((line) => UNNAMED_CONTROL.test(line)).map((line) => `unnamed: ${line.trim()}`));
  return problems;
}

/** The page at `path` once its h1 is shown: its title, and nothing missing from its accessibility tree. */
async function expectPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#main h1')).toBeVisible();
  await expect(page).toHaveTitle(title);
  expect(await structureProblems(page), path).toEqual([]);
}

test('the pages rendered at build time carry their title in their HTML, in the language the CDN chooses', async ({
  request,
}) => {
  for (const language of ['en', 'de', 'ar'] as const) {
    const common = textsOf('common', language);
    for (const [path, name] of [
      ['/', common('welcome.pageTitle')],
      ['/howto', common('howto.title')],
    ] as const) {
      const html = await (await request.get(path, { headers: { 'accept-language': language } })).text();
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], `${path} in ${language}`).toBe(titled(name, language));
    }
  }
});

test('signed out, every page has its own title and a whole structure; a change of language retitles', async ({
  page,
}) => {
  await expectPage(page, '/', titled(en.common('welcome.pageTitle')));
  await expectPage(page, '/howto', titled(en.common('howto.title')));
  await expectPage(page, '/sign-in', titled(en.auth('signIn.title')));
  await expectPage(page, '/sign-up', titled(en.auth('signUp.title')));
  await expectPage(page, '/recover-password', titled(en.auth('recoverPassword.title')));
  await expectPage(page, '/server-error', titled(en.common('serverError.title')));

  await page.goto('/howto');
  await chooseLanguage(page, 'de');
  await expect(page).toHaveTitle(titled(textsOf('common', 'de')('howto.title'), 'de'));
  await chooseLanguage(page, 'ru');
  await expect(page).toHaveTitle(titled(textsOf('common', 'ru')('howto.title'), 'ru'));
});

test('signed in, every page has its own title, a wizard its step, a record its code, a record not found says so', async ({
  page,
}) => {
  const traveler = await createTraveler();
  const { refundId, invoiceNumber } = await issueInvoice(traveler, 240);
  await signIn(page, { traveler });
  const { visa, invoices } = en;

  await expectPage(page, '/protected', titled(en.common('protectedHome.title')));
  await expectPage(page, '/protected/invoice', titled(invoices('list.title')));
  await expectPage(page, `/protected/invoice/${refundId}`, titled(invoices('item.number', { number: invoiceNumber })));
  await expectPage(page, '/protected/invoice/999999999', titled(invoices('detail.notFoundTitle')));
  await expectPage(page, '/protected/invoice/claims', titled(invoices('claims.title')));
  const step1 = visa('wizard.pageTitle', { step: visa('wizard.step1Title'), title: visa('wizard.title') });
  await expectPage(page, '/protected/visa/create?step=1', titled(step1));

  const requestId = await requestVisaThroughApi(page, traveler, refundId);
  const { requestCode } = (await (await page.request.get(`/api/v1/private/visa/${requestId}`)).json()) as {
    requestCode: string;
  };
  await expectPage(page, '/protected/visa', titled(visa('list.title')));
  await expectPage(page, `/protected/visa/${requestId}`, titled(visa('item.code', { code: requestCode })));
  await expectPage(page, '/protected/visa/999999999', titled(visa('detail.notFoundTitle')));
  const modifyStep2 = visa('wizard.pageTitle', { step: visa('wizard.step2Title'), title: visa('wizard.updateTitle') });
  await expectPage(page, `/protected/visa/update/${requestId}?step=2`, titled(modifyStep2));
  await expectPage(page, '/protected/edit-user', titled(en.auth('profile.title')));
  await expectPage(page, '/protected/notifications', titled(en.notifications('list.title')));
});
