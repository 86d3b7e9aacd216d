import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson } from '@varco/http';
import { anInvoice, dayFromToday, notFound } from '@varco/ui/testing';
import { renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

/** The statoFattura of each call made so far. */
const filtersAsked = () =>
  requestJsonMock.mock.calls.map(([, , options]) => (options?.searchParams as Record<string, string>).statoFattura);

beforeEach(() => requestJsonMock.mockReset());

describe('all invoices (docs/screens.md /protected/invoice)', () => {
  it('switches the statoFattura with the tabs', async () => {
    requestJsonMock.mockResolvedValue({ invoicesPerYear: [{ year: 2025, listInvoicesPerYear: [anInvoice()] }] });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All invoices');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByTestId('invoice-list');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices', expect.anything(), {
      searchParams: { statoFattura: 'TUTTE', language: 'EN' },
    });

    await user.click(screen.getByRole('tab', { name: 'Available' }));
    expect(screen.getByRole('tab', { name: 'Available' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
    await waitFor(() => expect(filtersAsked()).toEqual(['TUTTE', 'SOLO_EMESSE']));
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/invoice?tab=available');

    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(filtersAsked()).toEqual(['TUTTE', 'SOLO_EMESSE', 'SOLO_COMPLETATE']));

    // Back to a tab already seen: its answer is still cached.
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected\/invoice$/);
    expect(filtersAsked()).toHaveLength(3);
  });

  it('moves between the tabs with the arrow keys', async () => {
    requestJsonMock.mockResolvedValue({ invoicesPerYear: [] });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice?tab=completed');
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
  });

  it('groups the invoices per year', async () => {
    requestJsonMock.mockResolvedValue({
      invoicesPerYear: [
        {
          year: 2025,
          listInvoicesPerYear: [
            anInvoice({ idRichiestaRimborso: 1 }),
            anInvoice({ idRichiestaRimborso: 2, invoiceNumber: 'FT-2025-0002' }),
          ],
        },
        {
          year: 2024,
          listInvoicesPerYear: [anInvoice({ idRichiestaRimborso: 3, invoiceNumber: 'FT-2024-0009', stateCode: 100 })],
        },
      ],
    });
    renderRoutes('/protected/invoice');
    const year2025 = await screen.findByRole('region', { name: '2025' });
    expect(within(year2025).getAllByTestId('invoice-item')).toHaveLength(2);
    const year2024 = screen.getByRole('region', { name: '2024' });
    expect(within(year2024).getByRole('link', { name: 'Invoice FT-2024-0009' })).toHaveAttribute(
      'href',
      '/protected/invoice/3',
    );
    expect(within(year2024).getByText('Visa granted')).toBeInTheDocument();
  });

  it('shows 10 invoices at first and 10 more with Show more', async () => {
    const invoices = Array.from({ length: 23 }, (_, index) =>
      anInvoice({ idRichiestaRimborso: index + 1, invoiceNumber: `FT-${index + 1}` }),
    );
    requestJsonMock.mockResolvedValue({
      invoicesPerYear: [
        { year: 2025, listInvoicesPerYear: invoices.slice(0, 12) },
        { year: 2024, listInvoicesPerYear: invoices.slice(12) },
      ],
    });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice');
    expect(await screen.findAllByTestId('invoice-item')).toHaveLength(10);
    expect(screen.queryByRole('region', { name: '2024' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByTestId('invoice-item')).toHaveLength(20);
    expect(screen.getByRole('region', { name: '2024' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByTestId('invoice-item')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it.each(['', '?tab=available', '?tab=completed'])(
    'shows the empty state on an empty answer in the tab %s',
    async (search) => {
      // A year with no invoice left counts as empty too.
      requestJsonMock.mockResolvedValue({ invoicesPerYear: [{ year: 2025, listInvoicesPerYear: [] }] });
      renderRoutes(`/protected/invoice${search}`);
      expect(await screen.findByTestId('empty-invoices')).toHaveTextContent('No invoices found');
      expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    },
  );

  it('shows the days left to leave the EU on the available invoices only, warning below 7 days', async () => {
    requestJsonMock.mockResolvedValue({
      invoicesPerYear: [
        {
          year: 2025,
          listInvoicesPerYear: [
            anInvoice({ idRichiestaRimborso: 1, stateCode: 30, exitDeadline: dayFromToday(45) }),
            anInvoice({ idRichiestaRimborso: 2, stateCode: 1, exitDeadline: dayFromToday(2) }),
            anInvoice({ idRichiestaRimborso: 3, stateCode: 100, exitDeadline: dayFromToday(2) }),
          ],
        },
      ],
    });
    renderRoutes('/protected/invoice');
    const [far, near, granted] = await screen.findAllByTestId('invoice-item');
    expect(within(far!).getByTestId('exit-deadline')).toHaveTextContent('45 days left to leave the EU');
    expect(within(far!).getByTestId('exit-deadline')).not.toHaveClass('text-warning');
    expect(within(near!).getByTestId('exit-deadline')).toHaveTextContent('Only 2 days left to leave the EU');
    expect(within(near!).getByTestId('exit-deadline')).toHaveClass('text-warning');
    expect(within(granted!).queryByTestId('exit-deadline')).not.toBeInTheDocument();
  });

  it('shows the load failure when the call fails', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderRoutes('/protected/invoice', 'it_IT');
    expect(await screen.findByRole('alert')).toHaveTextContent('Non è stato possibile caricare le fatture.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tutte le fatture');
  });

  it('shows the legend of the invoice states', async () => {
    requestJsonMock.mockResolvedValue({ invoicesPerYear: [] });
    renderRoutes('/protected/invoice');
    expect(screen.getByRole('heading', { level: 2, name: 'Invoice statuses' })).toBeInTheDocument();
    await screen.findByTestId('empty-invoices');
  });
});
