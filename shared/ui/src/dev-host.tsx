// The design system the shell loads on the page, so that a remote developed alone looks as it will there.
import 'bootstrap-italia/dist/css/bootstrap-italia.min.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LANGUAGES } from '@varco/contracts/plain';
import { configureHttp } from '@varco/http';
import { i18n, initI18n } from '@varco/i18n';
import { useSession } from '@varco/session';
import { DevPages, type DevHostPages } from './dev-pages';
import { createQueryClient } from './query-client';
import { ROUTER_FUTURE } from './router-future';

function DevFrame({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  const user = useSession((state) => state.user);
  const setUser = useSession((state) => state.setUser);
  const signedIn = Boolean(user.numeroDocumento);
  return (
    <>
      <header className="bg-primary text-white p-2 d-flex flex-wrap gap-3 align-items-center">
        <strong>{t('devHost.title', { name })}</strong>
        <select
          aria-label={t('language.label')}
          value={i18n.language}
          onChange={(event) => void i18n.changeLanguage(event.target.value)}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-sm btn-light"
          onClick={() => setUser(signedIn ? {} : { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' })}
        >
          {signedIn ? t('devHost.mockSignOut') : t('devHost.mockSignIn')}
        </button>
      </header>
      <main className="container py-3">{children}</main>
    </>
  );
}

/**
 * Runs a remote alone in development: the providers the shell would give it, a language switch, a mock session
 * toggle, and its pages (`DevHostPages`). The api is reached through the dev server's /api proxy.
 */
export async function mountDevHost(name: string, pages: DevHostPages): Promise<void> {
  await initI18n();
  configureHttp({ apiBaseUrl: '/api' });
  const element = document.getElementById('root');
  if (!element) throw new Error("Root element with ID 'root' was not found in the document.");
  const queryClient = createQueryClient();
  createRoot(element).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter future={ROUTER_FUTURE}>
            <DevFrame name={name}>
              <DevPages {...pages} />
            </DevFrame>
          </BrowserRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
