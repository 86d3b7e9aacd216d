// The shell's pages rendered at build time (webpack/prerender.cjs runs it in Node, once per page and language):
// the same components the browser hydrates, with a static router and the texts of one language.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, toLanguage } from '@varco/contracts/plain';
import { i18n, loadCommon } from '@varco/i18n';
import { ROUTER_FUTURE } from '@varco/ui';
import { Frame, PageProviders } from '../app/app';
import type { ServedPage } from '../served-page/served-page';
import { PAGE_PATHS } from '../served-page/pages';

/** An address no page of the shell's own has: the frame's links are then none of them the current one. */
const FRAME_PATH = '/frame';

let ready: Promise<unknown> | undefined;

/** The shared texts of every language, loaded once, as the browser's i18next holds them (namespace 'common'). */
function initTexts(): Promise<unknown> {
  ready ??= Promise.all(
    LANGUAGES.map(async (language) => [language, (await loadCommon(language)).default] as const),
  ).then((texts) =>
    i18n.use(initReactI18next).init({
      resources: Object.fromEntries(texts.map(([language, common]) => [language, { common }])),
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    }),
  );
  return ready;
}

/** The HTML of the root element for one page, and the attributes that tell the browser which page it holds. */
export async function renderPage(served: ServedPage): Promise<{ html: string; attributes: string }> {
  await initTexts();
  await i18n.changeLanguage(toLanguage(served.language));
  const location = served.page === 'frame' ? FRAME_PATH : PAGE_PATHS[served.page];
  const html = renderToString(
    <PageProviders served={served}>
      <StaticRouter location={location} future={ROUTER_FUTURE}>
        <Frame served={served} />
      </StaticRouter>
    </PageProviders>,
  );
  return {
    html,
    attributes: ` data-page="${served.page}" data-session="${served.signedIn ? 'signed-in' : 'signed-out'}"`,
  };
}
