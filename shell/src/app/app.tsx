import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@varco/i18n';
import { PageLoader, ROUTER_FUTURE } from '@varco/ui';
import { usePageViews } from '../beacons/page-views';
import { AlertBar } from '../layout/alert-bar';
import { Footer } from '../layout/footer';
import { Header } from '../layout/header';
import { UpdateBanner } from '../offline/update-banner';
import { AppRoutes } from './app-routes';
import { useFocusAfterNavigation } from './navigation-focus';
import { usePageTitle } from './page-title';
import { useScrollMemory } from './scroll-memory';
import { ServedPageContext, useHydrating, type ServedPage } from '../served-page/served-page';

/** The page frame: header, alert, the page of the address, footer. */
export function Frame({ served }: { served: ServedPage | null }) {
  const { t } = useTranslation('common');
  const hydrating = useHydrating();
  useScrollMemory();
  usePageViews();
  // The frame's HTML keeps the page's place with the loader; the address's own page renders once it is hydrated.
  const framePlaceholder = hydrating && served?.page === 'frame';
  usePageTitle();
  const announcement = useFocusAfterNavigation();
  return (
    <div className="varco-page d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <AlertBar />
      <UpdateBanner />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        {/* Shown only by a browser that runs no script: the page's language, as the rest of the build's HTML. */}
        <noscript>
          <p className="container py-3">{t('app.needsJavaScript')}</p>
        </noscript>
        {framePlaceholder ? <PageLoader /> : <AppRoutes />}
      </main>
      <Footer pending={framePlaceholder} />
      {/* The new page's title after a navigation, for screen readers (the focus is on its heading). */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="page-announcer">
        {announcement}
      </div>
    </div>
  );
}

/** What the frame needs around it, in the browser and at build time (with a static router there). */
export function PageProviders({ served, children }: { served: ServedPage | null; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServedPageContext.Provider value={served}>{children}</ServedPageContext.Provider>
    </I18nextProvider>
  );
}

/** The portal in the browser; `served` is the page rendered at build time that it takes over, if any. */
export function App({ served = null }: { served?: ServedPage | null }) {
  return (
    <PageProviders served={served}>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Frame served={served} />
      </BrowserRouter>
    </PageProviders>
  );
}
