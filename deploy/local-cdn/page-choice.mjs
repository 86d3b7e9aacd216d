// Which of the shell's prerendered pages (shell/dist/pages/<lang>/<page>.html) answers a page address: the rule of
// deploy/README.md ("Prerendered pages"), written again as maps in nginx/varco.conf.template. Keep the two alike.

/** The headers a page answer varies on: the session and language cookies, and the browser's languages. */
export const PAGE_VARY = 'Cookie, Accept-Language';

const SESSION_COOKIE = 'varco_session';
const LANGUAGE_COOKIE = 'i18next';

/** The short form of each language by its primary subtag (contracts' LANGUAGE_TABLE; a test keeps them alike). */
export const LANGUAGE_BY_SUBTAG = {
  it: 'it',
  en: 'en',
  zh: 'zh-Hans',
  es: 'es',
  fr: 'fr',
  de: 'de',
  ar: 'ar',
  ja: 'ja',
  ko: 'ko',
  ru: 'ru',
  pt: 'pt-BR',
  tr: 'tr',
};

/** The language a value's primary subtag names; anything else is English, as the browser's i18next detection falls back. */
function languageOf(value) {
  return LANGUAGE_BY_SUBTAG[value.trim().slice(0, 2).toLowerCase()] ?? 'en';
}

function cookie(header, name) {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.split('=');
    if (key.trim() === name) return value.join('=').trim();
  }
  return '';
}

/**
 * @param {{ pathname: string, lng?: string | null, cookie?: string, acceptLanguage?: string }} request
 *   the page address, its `lng` query parameter, and the Cookie and Accept-Language headers
 * @returns {{ language: string, file: string }} the file to serve, from the shell's root
 */
export function choosePage({ pathname, lng, cookie: cookieHeader, acceptLanguage }) {
  // An empty value counts as none, as nginx's $arg_ and $cookie_ variables see it.
  const firstAccepted = (acceptLanguage ?? '').split(',')[0].trim();
  const language = languageOf(lng || cookie(cookieHeader, LANGUAGE_COOKIE) || firstAccepted);
  // A signed-in traveler gets the signed-in frame everywhere: the app sends one on / or /howto to their home.
  // Addresses compare without case, as nginx's map and the app's router do.
  const address = pathname.toLowerCase();
  let page = 'frame';
  if (cookie(cookieHeader, SESSION_COOKIE)) page = 'frame-signed-in';
  else if (address === '/') page = 'index';
  else if (address === '/howto' || address === '/howto/') page = 'howto';
  return { language, file: `/pages/${language}/${page}.html` };
}
