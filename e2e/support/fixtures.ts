import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { toShortLanguage, type Language } from '../../shared/contracts/src/language';

/** Chooses the interface language as a traveler does, with the selector in the header. */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  await page.locator('#language-select').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', toShortLanguage(language));
}

/** The WCAG 2.1 A and AA rules of axe. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * No WCAG 2.1 A/AA violation on the page as it is now. axe-core runs in the page itself (the portal has no frames):
 * its source is added once per document, not at every check, and only the violations come back. @axe-core/playwright
 * adds the 0.5 MB source at every check and finishes each run in a new blank page, which doubled the checks' cost.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const summary = await page.evaluate(async (tags) => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  }, WCAG_TAGS);
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
