import { screen, waitFor } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { anInvoice, notFound, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

beforeEach(() => requestJsonMock.mockReset());

describe('invoice detail (SPEC §2 /protected/invoice/{id})', () => {
  it('loads the invoice by its refund id', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42, brokerName: 'Tax Free Broker', stateCode: 100 }));
    renderRoutes('/protected/invoice/42');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invoice detail');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByTestId('invoice-detail')).toHaveTextContent('FT-2025-0001');
    expect(screen.getByText('Tax Free Broker')).toBeInTheDocument();
    expect(screen.getByText('Visa granted')).toBeInTheDocument();
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/detail', expect.anything(), { searchParams: { idRichiestaRimborso: 42, language: 'EN' } });
  });

  it('shows the not-found state, with a link to the homepage, on a 404', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderRoutes('/protected/invoice/42');
    expect(await screen.findByTestId('invoice-not-found')).toHaveTextContent('Invoice not found');
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/protected');
  });

  it('asks nothing for an id that is not a refund id', () => {
    renderRoutes('/protected/invoice/create');
    expect(screen.getByTestId('invoice-not-found')).toBeInTheDocument();
    expect(requestJsonMock).not.toHaveBeenCalled();
  });

  it('shows a title, a message and a go-back button on another failure', async () => {
    requestJsonMock.mockRejectedValue({ status: 500, detail: '', extra: {}, type: 'http-error' });
    renderRoutes('/protected/invoice/42');
    const failure = await screen.findByTestId('invoice-load-error');
    expect(failure).toHaveTextContent('The invoice could not be loaded');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument());
  });
});
