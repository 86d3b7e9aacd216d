// Runs in the page's entry (main.js) before the start-up code: imports nothing shared.

/** Where i18next keeps the chosen language (shared/i18n): its cookie, and the storage key in this browser. */
const COOKIE = 'i18next';
const STORAGE_KEY = 'i18nextLng';
/** This tab's record of the language it reloaded for, so that a browser refusing the cookie reloads once, not forever. */
const RELOADED_KEY = 'varco-reloaded-for-language';

/** A language's primary subtag (`it_IT` → `it`, `zh-Hans` → `zh`): one per language of the portal. */
const primaryOf = (language: string) => language.split(/[-_]/)[0]!.toLowerCase();

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/**
 * The language that only this browser knows, where the detector (shared/i18n) finds it before the browser's own
 * languages: local or session storage, when neither the address (`lng`) nor the cookie names one. The CDN chose the
 * page's language from those and from Accept-Language; this is the one case it could not see.
 */
export function languageOnlyThisBrowserKnows(location: Pick<Location, 'search'>, cookie: string): string | null {
  if (new URLSearchParams(location.search).has('lng')) return null;
  if (cookie.split(';').some((part) => part.trim().startsWith(`${COOKIE}=`))) return null;
  return readStorage(() => localStorage, STORAGE_KEY) ?? readStorage(() => sessionStorage, STORAGE_KEY) ?? null;
}

/**
 * A page rendered at build time in another language than the one this browser remembers (its cookie of 10 minutes
 * has lapsed) is asked for again with the cookie set, so that the CDN serves the right one: one more request for
 * the page, made before its scripts run. True when the page is being reloaded.
 */
export function reloadInRememberedLanguage(doc: Document = document, win: Window = window): boolean {
  if (!doc.getElementById('root')?.dataset.page) return false;
  const remembered = languageOnlyThisBrowserKnows(win.location, doc.cookie);
  if (!remembered || primaryOf(remembered) === primaryOf(doc.documentElement.lang)) return false;
  if (readStorage(() => win.sessionStorage, RELOADED_KEY) === remembered) return false;
  try {
    win.sessionStorage.setItem(RELOADED_KEY, remembered);
  } catch {
    return false;
  }
  // Long enough for the reload: i18next writes its own cookie, with its own lifetime, as the page starts.
  doc.cookie = `${COOKIE}=${encodeURIComponent(remembered)}; path=/; max-age=60; samesite=strict`;
  win.location.reload();
  return true;
}
