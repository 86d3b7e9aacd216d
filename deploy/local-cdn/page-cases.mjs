// The page choice's cases, checked against page-choice.mjs, the local CDN and nginx alike, with a shell folder whose
// every page names itself so that an answer tells which file it was.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LANGUAGES = ['en', 'it', 'zh-Hans', 'es', 'fr', 'de', 'ar', 'ja', 'ko', 'ru', 'pt-BR', 'tr'];
const PAGES = ['index', 'howto', 'frame', 'frame-signed-in'];

/** Writes index.html, main.js and, unless `pages` is false, pages/<lang>/<page>.html into a shell folder. */
export function writeShellFolder(folder, { pages = true } = {}) {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'index.html'), '<!doctype html><div id="root"></div><!-- index.html -->');
  writeFileSync(join(folder, 'main.js'), 'console.log(1)');
  if (!pages) return;
  for (const language of LANGUAGES) {
    mkdirSync(join(folder, 'pages', language), { recursive: true });
    for (const page of PAGES)
      writeFileSync(
        join(folder, 'pages', language, `${page}.html`),
        `<!doctype html><div id="root"></div><!-- pages/${language}/${page}.html -->`,
      );
  }
}

/** The file an answer's body names (written by writeShellFolder). */
export function servedFile(body) {
  return /<!-- (.+) -->/.exec(body)?.[1];
}

/** A request (address, Cookie, Accept-Language) and the page it gets. */
export const PAGE_CASES = [
  { name: 'no headers', path: '/', file: 'pages/en/index.html' },
  { name: 'Accept-Language Italian', path: '/', acceptLanguage: 'it-IT,it;q=0.9', file: 'pages/it/index.html' },
  {
    name: "Italian not the browser's first language",
    path: '/',
    acceptLanguage: 'nl-NL,nl;q=0.9,it;q=0.8',
    file: 'pages/en/index.html',
  },
  { name: 'Accept-Language in capitals', path: '/', acceptLanguage: 'IT', file: 'pages/it/index.html' },
  {
    name: 'the i18next cookie beats Accept-Language',
    path: '/',
    cookie: 'i18next=it_IT',
    acceptLanguage: 'en-US,en;q=0.9',
    file: 'pages/it/index.html',
  },
  {
    name: 'an empty i18next cookie counts as none',
    path: '/',
    cookie: 'i18next=',
    acceptLanguage: 'it-IT',
    file: 'pages/it/index.html',
  },
  { name: '?lng= beats the cookie', path: '/?lng=it', cookie: 'i18next=en_US', file: 'pages/it/index.html' },
  {
    name: '?lng=en beats an Italian cookie',
    path: '/howto?lng=en',
    cookie: 'i18next=it_IT',
    acceptLanguage: 'it',
    file: 'pages/en/howto.html',
  },
  {
    name: 'signed in on /',
    path: '/',
    cookie: 'varco_session=abc; i18next=it_IT',
    file: 'pages/it/frame-signed-in.html',
  },
  {
    name: 'signed in on another address',
    path: '/protected/visa/12',
    cookie: 'i18next=en_US; varco_session=abc',
    file: 'pages/en/frame-signed-in.html',
  },
  { name: '/howto', path: '/howto', file: 'pages/en/howto.html' },
  { name: '/howto/ in Italian', path: '/howto/', acceptLanguage: 'it', file: 'pages/it/howto.html' },
  { name: '/howto in other letters', path: '/HowTo', file: 'pages/en/howto.html' },
  {
    name: 'any other address',
    path: '/protected/visa/12',
    acceptLanguage: 'it-IT,it;q=0.9',
    file: 'pages/it/frame.html',
  },
  { name: 'an address below /howto', path: '/howto/more', file: 'pages/en/frame.html' },
  {
    name: 'Chinese in traditional script',
    path: '/',
    acceptLanguage: 'zh-TW,zh;q=0.9',
    file: 'pages/zh-Hans/index.html',
  },
  { name: 'Portuguese of Portugal', path: '/howto', acceptLanguage: 'pt-PT', file: 'pages/pt-BR/howto.html' },
  {
    name: 'a language the portal does not speak',
    path: '/',
    acceptLanguage: 'nl-NL,de;q=0.8',
    file: 'pages/en/index.html',
  },
  {
    name: 'the Arabic cookie beats Accept-Language',
    path: '/protected/visa/12',
    cookie: 'i18next=ar',
    acceptLanguage: 'ru-RU',
    file: 'pages/ar/frame.html',
  },
  { name: '?lng=ja beats a Korean cookie', path: '/?lng=ja', cookie: 'i18next=ko', file: 'pages/ja/index.html' },
  {
    name: 'a signed-in traveler in simplified Chinese',
    path: '/',
    cookie: 'varco_session=abc; i18next=zh_Hans',
    file: 'pages/zh-Hans/frame-signed-in.html',
  },
];

/** The request headers of a case. */
export function caseHeaders({ cookie, acceptLanguage }) {
  return { ...(cookie && { cookie }), ...(acceptLanguage && { 'accept-language': acceptLanguage }) };
}
