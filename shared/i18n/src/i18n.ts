import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE_MINUTES,
  LANGUAGES,
  toShortLanguage,
  type Language,
} from '@varco/contracts/plain';

/** The shared texts of one language, fetched only when that language is used (and read by the shell's build for its HTML). */
export function loadCommon(language: string): Promise<{ default: Record<string, unknown> }> {
  return normaliseLanguage(language) === 'it_IT' ? import('./locales/it.json') : import('./locales/en.json');
}

/** Resources of one namespace in both languages; a remote adds its own at mount. */
export interface NamespaceResources {
  it: Record<string, unknown>;
  en: Record<string, unknown>;
}

/** Maps whatever a detector found (it, it-IT, en-GB, fr ...) to one of our two languages. */
export function normaliseLanguage(detected: string | undefined): Language {
  if (!detected) return FALLBACK_LANGUAGE;
  const lower = detected.toLowerCase();
  if (lower.startsWith('it')) return 'it_IT';
  if (lower.startsWith('en')) return 'en_US';
  return FALLBACK_LANGUAGE;
}

/** The one i18next instance of the page (a federation singleton). */
export const i18n: I18n = i18next.createInstance();

let initialisation: Promise<unknown> | undefined;

/** Initialises the instance once; later calls return the same promise. */
export function initI18n(): Promise<unknown> {
  initialisation ??= i18n
    .use(LanguageDetector)
    .use(
      resourcesToBackend((language: string, namespace: string) =>
        namespace === 'common' ? loadCommon(language) : Promise.resolve({}),
      ),
    )
    .use(initReactI18next)
    .init({
      // Remotes add their namespaces themselves (addNamespace); only 'common' is loaded by the backend.
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'currentOnly',
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      detection: {
        // docs/domain.md: the order in which the language is looked for, and where the choice is remembered.
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag', 'path', 'subdomain'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        cookieMinutes: LANGUAGE_COOKIE_MINUTES,
        convertDetectedLanguage: (language: string) => normaliseLanguage(language),
      },
      react: { useSuspense: false },
    })
    .then(() => {
      syncHtmlLang(i18n.language);
      i18n.on('languageChanged', syncHtmlLang);
    });
  return initialisation;
}

function syncHtmlLang(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = toShortLanguage(language);
}

/**
 * Adds a remote's translation namespace (it + en) to the shared instance; adding twice is harmless. i18next takes
 * bundles only once its initialisation has started (the shell starts it before loading any remote); a module
 * evaluated earlier (a remote's standalone dev host, a test file) is added as soon as it starts.
 */
export function addNamespace(namespace: string, resources: NamespaceResources): void {
  const add = () => {
    i18n.addResourceBundle('it_IT', namespace, resources.it, true, false);
    i18n.addResourceBundle('en_US', namespace, resources.en, true, false);
  };
  if (i18n.isInitialized || i18n.isInitializing) add();
  else i18n.on('initialized', add);
}

/** The current language, one of it_IT / en_US. */
/**
 * Settles once the page's language is known: i18next detects it as its initialisation starts, before the texts of
 * that language have arrived (what may start before them, an api call in that language, need not wait for them).
 */
export function languageKnown(): Promise<unknown> {
  return i18n.language ? Promise.resolve() : initI18n();
}

export function currentLanguage(): Language {
  return normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
}
