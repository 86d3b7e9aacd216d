import { screen, within } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { anInvoice, dayFromToday, notFound, renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { LatestInvoices } from './latest-invoices';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

registerTranslations();

beforeEach(() => requestJsonMock.mockReset());

const four = [
  anInvoice({
    idRichiestaRimborso: 11,
    invoiceNumber: 'FT-11',
    vendorName: 'Boutique Roma',
    totalAmount: 1234.5,
    stateCode: 30,
  }),
  anInvoice({ idRichiestaRimborso: 12, invoiceNumber: 'FT-12', stateCode: 90 }),
  anInvoice({ idRichiestaRimborso: 13, invoiceNumber: 'FT-13', stateCode: 100, inCompletion: true }),
  anInvoice({ idRichiestaRimborso: 14, invoiceNumber: 'FT-14', stateCode: 40 }),
];

describe('LatestInvoices (home widget)', () => {
  it('asks for the latest 4 and shows number, vendor, date, amount and status', async () => {
    requestJsonMock.mockResolvedValue({ invoices: four, links: { totalItems: 9 } });
    renderWithProviders(<LatestInvoices />, { user: TEST_TRAVELER });
    const items = await screen.findAllByTestId('invoice-item');
    expect(items).toHaveLength(4);
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/latest', expect.anything(), {
      searchParams: { limit: 4, page: 0, language: 'EN' },
    });
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Invoice FT-11' })).toHaveAttribute('href', '/protected/invoice/11');
    expect(first.getByText('Boutique Roma')).toBeInTheDocument();
    expect(first.getByText('Issued on Mar 14, 2025')).toBeInTheDocument();
    expect(first.getByTestId('invoice-amount')).toHaveTextContent('€1,234.50');
    expect(first.getByText('Available')).toHaveAttribute('data-color', 'blue');
    expect(within(items[2]!).getByText('In completion')).toHaveAttribute('data-color', 'orange');
    expect(within(items[3]!).getByText('Customs check required')).toHaveAttribute('data-color', 'red');
  });

  it('formats amounts and dates the Italian way in Italian', async () => {
    requestJsonMock.mockResolvedValue({ invoices: [anInvoice({ totalAmount: 12345.5 })], links: { totalItems: 1 } });
    renderWithProviders(<LatestInvoices />, { user: TEST_TRAVELER, language: 'it_IT' });
    const item = await screen.findByTestId('invoice-item');
    // Intl puts a no-break space before the euro sign.
    expect(within(item).getByTestId('invoice-amount').textContent?.replace(/\s/g, ' ')).toBe('12.345,50 €');
    expect(within(item).getByText('Emessa il 14 mar 2025')).toBeInTheDocument();
  });

  it('shows the days left to leave the EU on an available invoice', async () => {
    requestJsonMock.mockResolvedValue({
      invoices: [
        anInvoice({ idRichiestaRimborso: 11, exitDeadline: dayFromToday(1) }),
        anInvoice({ idRichiestaRimborso: 12, stateCode: 90 }),
      ],
      links: { totalItems: 2 },
    });
    renderWithProviders(<LatestInvoices />, { user: TEST_TRAVELER, language: 'it_IT' });
    const [available, inRequest] = await screen.findAllByTestId('invoice-item');
    expect(within(available!).getByTestId('exit-deadline')).toHaveTextContent("Manca solo 1 giorno per lasciare l'UE");
    expect(within(available!).getByTestId('exit-deadline')).toHaveClass('text-warning');
    expect(within(inRequest!).queryByTestId('exit-deadline')).not.toBeInTheDocument();
  });

  it('shows no more than 4 invoices', async () => {
    const five = [...four, anInvoice({ idRichiestaRimborso: 15, invoiceNumber: 'FT-15' })];
    requestJsonMock.mockResolvedValue({ invoices: five, links: { totalItems: 5 } });
    renderWithProviders(<LatestInvoices />, { user: TEST_TRAVELER });
    expect(await screen.findAllByTestId('invoice-item')).toHaveLength(4);
  });

  it('shows the empty state when there is no invoice', async () => {
    requestJsonMock.mockResolvedValue({ invoices: [], links: { totalItems: 0 } });
    renderWithProviders(<LatestInvoices />, { user: TEST_TRAVELER });
    expect(await screen.findByTestId('empty-invoices')).toHaveTextContent('No invoices found');
  });

  it('shows a load failure, not a blank, when the call fails', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderWithProviders(<LatestInvoices />, { user: TEST_TRAVELER });
    expect(await screen.findByRole('alert')).toHaveTextContent('The latest invoices could not be loaded.');
  });
});
