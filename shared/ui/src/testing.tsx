import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor, within, type RenderOptions } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import {
  addDays,
  firstScreenCallAt,
  romeToday,
  type FirstScreenCall,
  type Invoice,
  type Language,
  type SessionUser,
} from '@varco/contracts';
import { configureHttp, type requestJson } from '@varco/http';
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
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', user, language = 'en_US', ...options }: ProvidersOptions = {},
) {
  void i18n.changeLanguage(language);
  configureHttp({ apiBaseUrl: '/api' });
  sessionStore.setState({ user: user ?? {}, error: null, loading: false, hydrated: true });
  const queryClient = createQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
            {children}
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    );
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** The traveler the component tests sign in as. */
export const TEST_TRAVELER = { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' } satisfies SessionUser;

/** A call the api refused, as the http client rejects it (docs/calls.md). */
export function httpError(status: number, detail = '', extra: Record<string, string> = {}) {
  return { status, detail, extra, type: 'http-error' as const };
}

export const notFound = httpError(404, 'Not Found');

/** The ISO day `days` days after today in Italy (negative: before), for exit deadlines relative to the test run. */
export function dayFromToday(days: number): string {
  return addDays(romeToday(), days);
}

/** An invoice as the api answers it, available; the overrides say what a test is about. */
export function anInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    invoiceNumber: 'FT-2025-0001',
    idRichiestaRimborso: 1,
    emissionDate: '2025-03-14',
    vendorName: 'Boutique Roma',
    totalAmount: 1234.5,
    ivaAmount: 222.62,
    brokerName: null,
    requestCode: 'RQ-1',
    codeCustomsOffice: null,
    dateRelease: null,
    codeRelease: null,
    stateCode: 30,
    stateDescription: 'Available',
    inCompletion: false,
    // Far enough away for no warning, whatever the day the tests run.
    exitDeadline: dayFromToday(60),
    ...overrides,
  };
}

/** The current address, for a test to read where a page sent the traveler. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders a remote's routes where the shell mounts them (`path`, e.g. `/protected/visa/*`), with the current address in
 * the `where` test id.
 */
export function renderMounted(path: string, routes: ReactElement, options: ProvidersOptions = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={routes} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    options,
  );
}

/** The badge of each item of a list (a status legend), as [label, colour]. */
export function badgesOfItems(list: HTMLElement): Array<[string | null | undefined, string | null | undefined]> {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => [
      item.querySelector('.badge')?.textContent,
      item.querySelector('.badge')?.getAttribute('data-color'),
    ]);
}

/**
 * The names of the files a test's page asked the browser to save (saveFile's temporary link), emptied before each
 * test: call it once at the top of a test file. jsdom has no object URLs: they are stubbed.
 */
export function catchSavedFiles(): string[] {
  const saved: string[] = [];
  beforeAll(() => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: jest.fn(() => 'blob:saved') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: jest.fn() });
  });
  beforeEach(() => {
    saved.length = 0;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  return saved;
}

/**
 * The api calls (path and query) an exposed widget makes as it mounts for the signed-in test traveler, in English (or
 * what a render function renders: a remote's page), with `requestJson` mocked. Compared with
 * `declaredFirstScreenCalls`, they prove that the remote's manifest declares to the shell exactly what it will ask for.
 */
export async function callsOnMount(
  ui: ReactElement | (() => unknown),
  requestJsonMock: jest.MockedFunction<typeof requestJson>,
) {
  requestJsonMock.mockReset();
  // Never answered: only what the first render asks for.
  requestJsonMock.mockReturnValue(new Promise(() => undefined));
  if (typeof ui === 'function') ui();
  else renderWithProviders(ui, { user: TEST_TRAVELER });
  await waitFor(() => expect(requestJsonMock).toHaveBeenCalled());
  // The widgets pass their query as an object.
  return requestJsonMock.mock.calls.map(([path, , options]) => ({
    path,
    searchParams: { ...(options?.searchParams as Record<string, unknown> | undefined) },
  }));
}

/**
 * The calls of a remote's first-screen-calls.json for one module, as its widget (or its page at `below`, the address
 * under the remote's mount) makes them in English.
 */
export function declaredFirstScreenCalls(declared: FirstScreenCall[] | undefined, below?: string) {
  return (declared ?? [])
    .map((call) => firstScreenCallAt(call, below))
    .filter((call): call is FirstScreenCall => call !== undefined)
    .map(({ path, searchParams, language }) => ({
      path,
      searchParams: { ...searchParams, ...(language ? { language: 'EN' } : {}) },
    }));
}
