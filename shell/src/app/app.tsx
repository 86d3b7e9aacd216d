import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@varco/i18n';
import { useSession } from '@varco/session';
import { ROUTER_FUTURE } from '@varco/ui';
import { AlertBar } from '../layout/alert-bar';
import { Footer } from '../layout/footer';
import { Header } from '../layout/header';
import { UpdateBanner } from '../offline/update-banner';
import { AppRoutes } from './app-routes';
import { useScrollMemory } from './scroll-memory';

function Frame() {
  const { t } = useTranslation('common');
  // docs/calls.md: nothing is shown while the saved state loads.
  const hydrated = useSession((state) => state.hydrated);
  useScrollMemory();
  if (!hydrated) return null;
  return (
    <div className="varco-page d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <AlertBar />
      <UpdateBanner />
      <main id="main" className="flex-grow-1" tabIndex={-1}>
        <AppRoutes />
      </main>
      <Footer />
    </div>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter future={ROUTER_FUTURE}>
        <Frame />
      </BrowserRouter>
    </I18nextProvider>
  );
}
