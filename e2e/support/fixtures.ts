import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const TRAVELER = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' };

/** Puts a signed-in session in local storage before the portal starts, as a reload after sign-in would find it. */
export async function withSavedSession(page: Page, user = TRAVELER): Promise<void> {
  await page.addInitScript((saved) => {
    localStorage.setItem('varco-session', JSON.stringify({ state: { user: saved, otp: null, otpExpiration: null, area: 'free' }, version: 0 }));
  }, user);
}

/** Chooses the interface language as a traveler does, with the selector in the header. */
export async function chooseLanguage(page: Page, language: 'it_IT' | 'en_US'): Promise<void> {
  await page.locator('#language-select').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language.slice(0, 2));
}

/** No WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}
