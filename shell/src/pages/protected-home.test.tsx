import { screen, within } from '@testing-library/react';
import { renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import '../test-config';
import { ProtectedHome } from './protected-home';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async (id: string) => ({ default: () => <p>remote {id}</p> })),
  preloadRemote: jest.fn(async () => undefined),
}));

describe('ProtectedHome (docs/screens.md /protected)', () => {
  it("greets the traveler and shows each remote's latest items under its heading, with View all to its list", async () => {
    renderWithProviders(<ProtectedHome />, { user: TEST_TRAVELER });
    expect(screen.getByText('Hello Mario')).toBeInTheDocument();
    const invoices = screen.getByRole('region', { name: 'Latest invoices' });
    expect(within(invoices).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/protected/invoice');
    expect(await within(invoices).findByText('remote mfInvoices/LatestInvoices')).toBeInTheDocument();
    const visas = screen.getByRole('region', { name: 'Latest visa requests' });
    expect(within(visas).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/protected/visa');
    expect(await within(visas).findByText('remote mfVisa/LatestVisas')).toBeInTheDocument();
  });
});
