import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import type { Language, SessionUser } from '@varco/contracts';
import { configureHttp } from '@varco/http';
import { i18n } from '@varco/i18n';
import { sessionStore } from '@varco/session';
import { createQueryClient } from './query-client';
import { ROUTER_FUTURE } from './router-future';

export interface ProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The address the router starts at. */
  route?: string;
  /** A signed-in user; signed out when omitted. */
  user?: SessionUser;
  language?: Language;
}

/** Renders a component inside what the shell gives it on the page: i18n, session, router, query client, http at /api. */
export function renderWithProviders(ui: ReactElement, { route = '/', user, language = 'en_US', ...options }: ProvidersOptions = {}) {
  void i18n.changeLanguage(language);
  configureHttp({ apiBaseUrl: '/api' });
  sessionStore.setState({ user: user ?? {}, error: null, loading: false, hydrated: true });
  const queryClient = createQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>{children}</MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}
