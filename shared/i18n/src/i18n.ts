import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import {
  directionOf,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE_MINUTES,
  LANGUAGES,
  toLanguage,
  toShortLanguage,
  type Language,
  type ShortLanguage,
} from '@varco/contracts/plain';

type Texts = Record<string, unknown>;

/** The shared texts of one language, fetched only when that language is used (and read by the shell's build for its HTML). */
export function loadCommon(language: string): Promise<{ default: Texts }> {
  return import(`./locales/${toShortLanguage(language)}.json`);
}

/**
 * A remote's namespace: its Italian and English texts, bundled with its code as they always were, and the way to
 * fetch the other languages' files (`import(\`./${language}.json\`)`), one chunk each, fetched only for a page in that
 * language. A remote built before the other languages gives `it` and `en` only: their texts serve every language.
 */
export interface NamespaceResources {
  it: Texts;
  en: Texts;
  load?: (language: ShortLanguage) => Promise<{ default: Texts }>;
}

/** Maps whatever a detector found (it, it-IT, zh-TW, fr ...) to one of the languages (contracts' LANGUAGE_TABLE). */
export function normaliseLanguage(detected: string | undefined): Language {
  return detected ? toLanguage(detected) : FALLBACK_LANGUAGE;
}

/** The namespaces whose other languages a remote fetches itself; the backend asks them. */
const namespaceLoaders = new Map<string, NonNullable<NamespaceResources['load']>>();

function loadNamespace(language: string, namespace: string): Promise<{ default: Texts } | Texts> {
  if (namespace === 'common') return loadCommon(language);
  return namespaceLoaders.get(namespace)?.(toShortLanguage(language)) ?? Promise.resolve({});
}

/** The one i18next instance of the page (a federation singleton). */
export const i18n: I18n = i18next.createInstance();

let initialisation: Promise<unknown> | undefined;

/** Initialises the instance once; later calls return the same promise. */
export function initI18n(): Promise<unknown> {
  initialisation ??= i18n
    .use(LanguageDetector)
    .use(resourcesToBackend(loadNamespace))
    .use(initReactI18next)
    .init({
      // Remotes add their namespaces themselves (addNamespace): Italian and English at once, the others by the backend.
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
  if (typeof document === 'undefined') return;
  document.documentElement.lang = toShortLanguage(language);
  document.documentElement.dir = directionOf(language);
}

/**
 * Adds a remote's translation namespace to the shared instance, and starts fetching the page's language when it is
 * neither Italian nor English; adding twice is harmless. i18next takes bundles only once its initialisation has
 * started (the shell starts it before loading any remote); a module evaluated earlier (a remote's standalone dev host,
 * a test file) is added as soon as it starts.
 */
export function addNamespace(namespace: string, resources: NamespaceResources): void {
  if (resources.load) namespaceLoaders.set(namespace, resources.load);
  const add = () => {
    i18n.addResourceBundle('it_IT', namespace, resources.it, true, false);
    i18n.addResourceBundle('en_US', namespace, resources.en, true, false);
    if (resources.load) void i18n.loadNamespaces(namespace);
  };
  if (i18n.isInitialized || i18n.isInitializing) add();
  else i18n.on('initialized', add);
}

/**
 * Settles once the page's language is known: i18next detects it as its initialisation starts, before the texts of
 * that language have arrived (what may start before them, an api call in that language, need not wait for them).
 */
export function languageKnown(): Promise<unknown> {
  return i18n.language ? Promise.resolve() : initI18n();
}

/** The current language, one of LANGUAGES. */
export function currentLanguage(): Language {
  return normaliseLanguage(i18n.resolvedLanguage ?? i18n.language);
}
