import { act, screen } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { anInvoice, renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import AddVisaButton from './add-visa-button';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const usable = (count: number) => ({
  invoices: Array.from({ length: count }, (_, index) => anInvoice({ idRichiestaRimborso: index + 1 })),
  links: { totalItems: count },
});

beforeEach(() => {
  requestJsonMock.mockReset();
  requestJsonMock.mockResolvedValue(usable(1));
});
afterEach(() => sessionStore.getState().setVisaCreationEnabled(false));

describe('mf-visa/AddVisaButton, the home widget (docs/domain.md)', () => {
  it('links to the first step of a new request while visa creation is enabled and an invoice can go into it', async () => {
    sessionStore.getState().setVisaCreationEnabled(true);
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER });
    expect(await screen.findByRole('link', { name: 'Add new request' })).toHaveAttribute(
      'href',
      '/protected/visa/create?step=1',
    );
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/usable', expect.anything(), {
      searchParams: { language: 'EN' },
    });
  });

  it('shows a loader while the invoices load, for its slot in the home to keep its place', async () => {
    let answer: (value: unknown) => void = () => undefined;
    requestJsonMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    sessionStore.getState().setVisaCreationEnabled(true);
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => answer(usable(1)));
    expect(await screen.findByRole('link', { name: 'Add new request' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says why there is nothing to add when no invoice can go into a request', async () => {
    requestJsonMock.mockResolvedValue(usable(0));
    sessionStore.getState().setVisaCreationEnabled(true);
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER });
    expect(await screen.findByTestId('add-visa-nothing')).toHaveTextContent(
      'No invoice can go into a new request: an invoice must be available and within its exit deadline.',
    );
    expect(screen.queryByRole('link', { name: 'Add new request' })).not.toBeInTheDocument();
  });

  it('says it in Italian', async () => {
    requestJsonMock.mockResolvedValue(usable(0));
    sessionStore.getState().setVisaCreationEnabled(true);
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER, language: 'it_IT' });
    expect(await screen.findByTestId('add-visa-nothing')).toHaveTextContent(
      'Nessuna fattura può entrare in una nuova richiesta',
    );
  });

  it('keeps the button when the invoices cannot be loaded: the wizard tells the rest', async () => {
    requestJsonMock.mockRejectedValue({ status: 500, detail: '', extra: {}, type: 'http-error' });
    sessionStore.getState().setVisaCreationEnabled(true);
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER });
    expect(await screen.findByRole('link', { name: 'Add new request' })).toBeInTheDocument();
  });

  it('is not shown while it is disabled (a request is pending)', async () => {
    sessionStore.getState().setVisaCreationEnabled(false);
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER });
    await act(async () => undefined);
    expect(screen.queryByTestId('add-visa-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('add-visa-nothing')).not.toBeInTheDocument();
  });

  it('follows the flag as it changes', async () => {
    renderWithProviders(<AddVisaButton />, { user: TEST_TRAVELER, language: 'it_IT' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    act(() => sessionStore.getState().setVisaCreationEnabled(true));
    expect(await screen.findByRole('link', { name: 'Aggiungi nuova richiesta' })).toBeInTheDocument();
    act(() => sessionStore.getState().setVisaCreationEnabled(false));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
