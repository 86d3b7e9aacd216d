import { act, screen, within } from '@testing-library/react';
import { renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import '../testing/test-config';
import { ProtectedHome } from './protected-home';
import { sessionStore } from '@varco/session';
import { saveSlotSize } from './slot-sizes';

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

  it('keeps the place of a slot that loads at the size it had on the last visit at this width', async () => {
    saveSlotSize('varco-invoices-slot', { width: 366, height: 152 }, window.innerWidth);
    renderWithProviders(<ProtectedHome />, { user: TEST_TRAVELER });
    const slot = (name: string) => screen.getByRole('region', { name }).lastElementChild as HTMLElement;
    expect(slot('Latest invoices').style.getPropertyValue('--varco-slot-height')).toBe('152px');
    // Never seen here: the stylesheet's default.
    expect(slot('Latest visa requests').style.getPropertyValue('--varco-slot-height')).toBe('');
    expect(await screen.findByText('remote mfInvoices/LatestInvoices')).toBeInTheDocument();
    expect(await screen.findByText('remote mfVisa/LatestVisas')).toBeInTheDocument();
    localStorage.clear();
  });

  it("tells the stylesheet what each slot will show from user-info's counts, and the remembered size first", async () => {
    sessionStore.getState().signIn({
      ...TEST_TRAVELER,
      visaCreationEnabled: true,
      homeInvoiceCount: 2,
      homeAvailableInvoiceCount: 1,
      homeVisaRequestCount: 0,
    });
    saveSlotSize('varco-visas-slot', { width: 366, height: 140 }, window.innerWidth, '0:0');
    renderWithProviders(<ProtectedHome />, { user: TEST_TRAVELER });
    const slot = (name: string) => screen.getByRole('region', { name }).lastElementChild as HTMLElement;
    expect(slot('Latest invoices')).toHaveAttribute('data-shows', '2');
    expect(slot('Latest invoices').style.getPropertyValue('--varco-slot-items')).toBe('2');
    expect(slot('Latest invoices').style.getPropertyValue('--varco-slot-taller')).toBe('1');
    expect(slot('Latest invoices').style.getPropertyValue('--varco-slot-height')).toBe('');
    expect(slot('Latest visa requests')).toHaveAttribute('data-shows', '0');
    expect(slot('Latest visa requests').style.getPropertyValue('--varco-slot-height')).toBe('140px');
    expect(document.querySelector('.varco-action-slot')).toHaveAttribute('data-shows', 'button');
    expect(await screen.findByText('remote mfVisa/LatestVisas')).toBeInTheDocument();
    act(() => sessionStore.getState().clearSession());
  });
});
