import { addNamespace } from '@varco/i18n';
import en from './en.json';
import it from './it.json';

export const NS = 'notifications';

/**
 * Adds this remote's texts to the page's i18next instance; called by every exposed module. Italian and English come
 * with the code; each other language is a chunk of its own, fetched only for a page in that language.
 */
export function registerTranslations(): void {
  addNamespace(NS, {
    it,
    en,
    load: (language) =>
      import(/* webpackChunkName: "texts-[request]", webpackExclude: /\/(en|it)\.json$/ */ `./${language}.json`),
  });
}
