import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import '../testing/test-config';
import { preloadRemote } from '@module-federation/enhanced/runtime';
import { AppRoutes } from './app-routes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async (id: string) => ({
    default: () => {
      if (id === 'mfVisa/routes' && brokenVisa) throw new Error('mf-visa crashed');
      return <p>remote {id}</p>;
    },
  })),
  preloadRemote: jest.fn(async () => undefined),
}));

let brokenVisa = false;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(route: string, signedIn: boolean) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route, user: signedIn ? TEST_TRAVELER : undefined },
  );
}

describe('routes (docs/screens.md)', () => {
  it('shows the welcome page at / and the three requirements at /howto', () => {
    renderAt('/', false);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Varco');
  });

  it('lists the prerequisites on /howto', () => {
    renderAt('/howto', false);
    expect(screen.getByTestId('requirements').querySelectorAll('li')).toHaveLength(4);
  });

  it('sends unknown paths to /', () => {
    renderAt('/no/such/page', false);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('sends signed-out visitors of protected pages to /sign-in', async () => {
    renderAt('/protected/visa', false);
    expect(screen.getByTestId('where')).toHaveTextContent('/sign-in');
    expect(await screen.findByText('remote mfAuth/routes')).toBeInTheDocument();
  });

  it('sends signed-in travelers away from public-only pages to /protected, with its widgets', async () => {
    renderAt('/sign-in', true);
    expect(screen.getByTestId('where')).toHaveTextContent('/protected');
    expect(await screen.findByText('remote mfInvoices/LatestInvoices')).toBeInTheDocument();
    expect(await screen.findByText('remote mfVisa/LatestVisas')).toBeInTheDocument();
    expect(await screen.findByText('remote mfVisa/AddVisaButton')).toBeInTheDocument();
  });

  it('mounts each remote under its prefix', async () => {
    renderAt('/protected/invoice/42', true);
    expect(await screen.findByText('remote mfInvoices/routes')).toBeInTheDocument();
  });

  it('leaves a broken remote behind when the traveler moves to another one', async () => {
    brokenVisa = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <Link to="/protected/invoice">invoices</Link>
        <AppRoutes />
      </>,
      { route: '/protected/visa', user: { numeroDocumento: 'YA1234567' } },
    );
    expect(await screen.findByTestId('remote-unavailable')).toHaveAttribute('data-remote', 'mfVisa');
    await userEvent.click(screen.getByRole('link', { name: 'invoices' }));
    expect(await screen.findByText('remote mfInvoices/routes')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-unavailable')).not.toBeInTheDocument();
    brokenVisa = false;
    jest.restoreAllMocks();
  });

  it('preloads the sign-in remote once the welcome page is idle', async () => {
    jest.mocked(preloadRemote).mockClear();
    renderAt('/', false);
    await waitFor(() => expect(preloadRemote).toHaveBeenCalledTimes(1));
    expect(jest.mocked(preloadRemote).mock.calls[0]![0].map((args) => [args.nameOrAlias, args.exposes])).toEqual([
      ['mfAuth', ['routes']],
    ]);
  });

  it('preloads the invoice and visa pages once the signed-in home is idle', async () => {
    jest.mocked(preloadRemote).mockClear();
    renderAt('/protected', true);
    await waitFor(() => expect(preloadRemote).toHaveBeenCalledTimes(1));
    expect(jest.mocked(preloadRemote).mock.calls[0]![0].map((args) => args.nameOrAlias)).toEqual([
      'mfInvoices',
      'mfVisa',
    ]);
  });

  it('shows the server error page', () => {
    renderAt('/server-error', false);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Server Error');
    expect(screen.getByText('Unable to communicate with the server. Please try again later.')).toBeInTheDocument();
  });
});
