import { toShortLanguage } from '@varco/contracts/plain';
import { i18n } from '@varco/i18n';

/** The language and direction the page was served in: their styles are in its HTML (webpack/language-pages.cjs). */
const served = {
  language: document.documentElement.lang,
  dir: document.documentElement.dir === 'rtl' ? ('rtl' as const) : ('ltr' as const),
};

/**
 * Gives the page the styles of the language it shows, once that is not the one it was served in: the language's faces
 * and its direction's stylesheets, and its web app manifest (docs/architecture.md, "Scripts and direction"). The code that does it is fetched
 * then only: a page that stays in its language downloads none of it. Called once i18next has detected the language.
 */
export function followLanguageStyles(): void {
  let moved = false;
  const follow = (language: string) => {
    moved ||= toShortLanguage(language) !== served.language;
    if (!moved) return;
    void import('./apply').then(({ applyLanguageStyles, linkLanguageManifest }) => {
      linkLanguageManifest(language);
      return applyLanguageStyles(language, served);
    });
  };
  follow(i18n.language);
  i18n.on('languageChanged', follow);
}
