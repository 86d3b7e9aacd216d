import { addNamespace } from '@varco/i18n';
import en from './en.json';
import it from './it.json';

export const NS = 'auth';

/** Adds this remote's texts to the page's i18next instance; called by every exposed module. */
export function registerTranslations(): void {
  addNamespace(NS, { it, en });
}
