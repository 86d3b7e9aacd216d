import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { toShortLanguage, type Language } from '../../shared/contracts/src/language';

/** Chooses the interface language as a traveler does, with the selector in the header. */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.locator('#language-select').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', toShortLanguage(language));
}

/** No WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** The console's errors and the page's uncaught exceptions from now on (React reports a hydration mismatch as one). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
