import { expect, type Locator, type Page } from '@playwright/test';
import { chooseLanguage } from './fixtures';
import { toLanguage, type Language } from '../../shared/contracts/src/language';
import { labelled, textsOf, type LanguageCode } from './messages';
import { DEMO_VENDOR_NAME } from './travelers';

/** The locale of the header's language selector for a language code. */
export const localeOf = (language: LanguageCode): Language => toLanguage(language);

/**
 * Opens the wizard from its address in `language`, chooses one invoice at step 1 (on its label, as a traveler does: the
 * styled checkbox hides the input) and goes on to step 2. The traveler is signed in.
 */
export async function openTravelStep(page: Page, language: LanguageCode, invoiceNumber: string): Promise<void> {
  const t = textsOf('mf-visa', language);
  await page.goto('/protected/visa/create?step=1');
  await chooseLanguage(page, localeOf(language));
  const label = t('wizard.invoiceLabel', { number: invoiceNumber, vendor: DEMO_VENDOR_NAME });
  await page.getByText(label).click();
  await expect(page.getByLabel(label)).toBeChecked();
  await page.getByRole('button', { name: t('wizard.next') }).click();
  await expect(page).toHaveURL(/\/protected\/visa\/create\?step=2$/);
  await expect(page.getByRole('heading', { name: t('wizard.step2Title') })).toBeVisible();
  // The lists are filled from the api as the step opens: a traveler chooses once they show their choices.
  const transport = page.getByTestId('travel-form').getByLabel(labelled(t('travel.fields.transportType')));
  await expect(transport.locator('option')).not.toHaveCount(1);
}

/** The message shown under a form field (the field's own note, in the group that holds its label and input). */
export function fieldIssue(field: Locator): Locator {
  return field.locator('xpath=..').getByTestId('field-issue');
}

/** Focuses a field and leaves it, as a traveler tabbing through the form does: the form checks a field on blur. */
export async function focusAndLeave(field: Locator): Promise<void> {
  await field.focus();
  await field.blur();
}
