import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestBlob, requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { anInvoice, catchSavedFiles, dayFromToday, notFound } from '@varco/ui/testing';
import { renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({
  ...jest.requireActual('@varco/http'),
  requestJson: jest.fn(),
  requestBlob: jest.fn(),
}));
const requestJsonMock = jest.mocked(requestJson);
const requestBlobMock = jest.mocked(requestBlob);

const savedAs = catchSavedFiles();

beforeEach(() => {
  requestJsonMock.mockReset();
  requestBlobMock.mockReset();
  sessionStore.setState({ visaCreationEnabled: true });
});

afterEach(() => jest.restoreAllMocks());

describe('invoice detail (docs/screens.md /protected/invoice/{id})', () => {
  it('loads the invoice by its refund id and shows every field', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({
        idRichiestaRimborso: 42,
        brokerName: 'Tax Free Broker',
        stateCode: 100,
        codeCustomsOffice: 'IT-FCO',
        dateRelease: '2025-04-02',
        codeRelease: 'REL-9',
        exitDeadline: '2025-06-30',
      }),
    );
    renderRoutes('/protected/invoice/42');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invoice detail');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const detail = await screen.findByTestId('invoice-detail');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/detail', expect.anything(), {
      searchParams: { idRichiestaRimborso: 42, language: 'EN' },
    });
    const rows = within(detail)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Invoice number', 'FT-2025-0001'],
      ['Status', 'Visa granted'],
      ['Vendor', 'Boutique Roma'],
      ['Issue date', 'Mar 14, 2025'],
      ['Last day to leave the EU', 'Jun 30, 2025'],
      ['Total amount', '€1,234.50'],
      ['VAT', '€222.62'],
      ['Intermediary', 'Tax Free Broker'],
      ['Request code', 'RQ-1'],
      ['Customs office', 'IT-FCO'],
      ['Visa release date', 'Apr 2, 2025'],
      ['Visa release code', 'REL-9'],
    ]);
  });

  it('speaks Italian, with amounts and dates the Italian way', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({ idRichiestaRimborso: 42, exitDeadline: '2025-06-30', stateCode: 90 }),
    );
    renderRoutes('/protected/invoice/42', 'it_IT');
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByText('In lavorazione')).toBeInTheDocument();
    // Italian groups thousands from 5 digits on; Intl puts a no-break space before the euro sign.
    expect(within(detail).getByText('1.234,50 €')).toBeInTheDocument();
    expect(within(detail).getByTestId('exit-deadline-date')).toHaveTextContent('30 giu 2025');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/detail', expect.anything(), {
      searchParams: { idRichiestaRimborso: 42, language: 'IT' },
    });
  });

  // Every state's badge is @varco/ui's (shared/ui/src/ui.test.tsx): here, that the page gives it the state and the flag.
  it.each([
    [100, false, 'Visa granted', 'green'],
    [100, true, 'In completion', 'orange'],
  ])('badges state %i (in completion: %s) as %s, %s', async (stateCode, inCompletion, label, color) => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42, stateCode, inCompletion }));
    renderRoutes('/protected/invoice/42');
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByText(label)).toHaveAttribute('data-color', color);
  });

  it('shows the same detail at /protected/invoice/create?id=', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42 }));
    renderRoutes('/protected/invoice/create?id=42');
    expect(await screen.findByTestId('invoice-detail')).toHaveTextContent('FT-2025-0001');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/detail', expect.anything(), {
      searchParams: { idRichiestaRimborso: 42, language: 'EN' },
    });
  });

  it('shows the not-found state, with a link to the homepage, on a 404', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderRoutes('/protected/invoice/42');
    expect(await screen.findByTestId('invoice-not-found')).toHaveTextContent('Invoice not found');
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/protected');
  });

  it.each(['/protected/invoice/create', '/protected/invoice/abc'])(
    'asks nothing for %s, which holds no refund id',
    (route) => {
      renderRoutes(route);
      expect(screen.getByTestId('invoice-not-found')).toBeInTheDocument();
      expect(requestJsonMock).not.toHaveBeenCalled();
    },
  );

  it('shows a title, a message and a go-back button on another failure', async () => {
    requestJsonMock.mockRejectedValue({ status: 500, detail: '', extra: {}, type: 'http-error' });
    renderRoutes('/protected/invoice/42');
    const failure = await screen.findByTestId('invoice-load-error');
    expect(within(failure).getByRole('heading', { name: 'The invoice could not be loaded' })).toBeInTheDocument();
    expect(failure).toHaveTextContent('Something went wrong while loading this invoice.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go back' })).toBeInTheDocument());
  });
});

describe('invoice detail: the exit deadline', () => {
  it('shows the days left for an available invoice', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({ idRichiestaRimborso: 42, stateCode: 30, exitDeadline: dayFromToday(20) }),
    );
    renderRoutes('/protected/invoice/42');
    const notice = await screen.findByTestId('exit-deadline');
    expect(notice).toHaveTextContent('20 days left to leave the EU');
    expect(notice).toHaveAttribute('data-warning', 'false');
  });

  it('warns when fewer than 7 days are left', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({ idRichiestaRimborso: 42, stateCode: 1, exitDeadline: dayFromToday(3) }),
    );
    renderRoutes('/protected/invoice/42', 'it_IT');
    const notice = await screen.findByTestId('exit-deadline');
    expect(notice).toHaveTextContent("Mancano solo 3 giorni per lasciare l'UE");
    expect(notice).toHaveClass('text-warning');
  });

  it('shows the deadline date but no days left once the invoice is no longer available', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({ idRichiestaRimborso: 42, stateCode: 100, exitDeadline: dayFromToday(3) }),
    );
    renderRoutes('/protected/invoice/42');
    expect(await screen.findByTestId('exit-deadline-date')).toBeInTheDocument();
    expect(screen.queryByTestId('exit-deadline')).not.toBeInTheDocument();
  });
});

describe('invoice detail: add new request', () => {
  const addButton = () => screen.queryByRole('link', { name: 'Add new request' });

  it('starts a visa request with the invoice', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42, stateCode: 30 }));
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    expect(addButton()).toHaveAttribute('href', '/protected/visa/create?step=1&invoice=42');
    await user.click(addButton()!);
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=1&invoice=42');
  });

  it('is still offered on the last day', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({ idRichiestaRimborso: 42, stateCode: 1, exitDeadline: dayFromToday(0) }),
    );
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    expect(addButton()).toBeInTheDocument();
    expect(screen.getByTestId('exit-deadline')).toHaveTextContent('Last day to leave the EU: today');
  });

  it('is not offered once the exit deadline has passed', async () => {
    requestJsonMock.mockResolvedValue(
      anInvoice({ idRichiestaRimborso: 42, stateCode: 30, exitDeadline: dayFromToday(-1) }),
    );
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    expect(addButton()).not.toBeInTheDocument();
    expect(screen.getByTestId('exit-deadline')).toHaveTextContent('Exit deadline passed');
    // Past its deadline an available invoice is not called available.
    expect(screen.getByText('Expired')).toHaveAttribute('data-color', 'gray');
    expect(screen.queryByText('Available')).not.toBeInTheDocument();
  });

  it.each([90, 100, 40, 50, 10])('is not offered for an invoice in state %i', async (stateCode) => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42, stateCode }));
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    expect(addButton()).not.toBeInTheDocument();
  });

  it('is not offered while visa creation is disabled (a request is pending)', async () => {
    sessionStore.setState({ visaCreationEnabled: false });
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42, stateCode: 30 }));
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    expect(addButton()).not.toBeInTheDocument();
  });
});

describe('invoice detail: release PDF', () => {
  const downloadButton = () => screen.getByRole('button', { name: /Download release PDF|Downloading…/ });

  it('is offered for every invoice and saves the file under the name the server gives', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42, stateCode: 90 }));
    let answer: (value: { blob: Blob; filename: string | null }) => void = () => undefined;
    requestBlobMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    await user.click(downloadButton());
    expect(requestBlobMock).toHaveBeenCalledWith('v1/private/invoices/downloadRelease', {
      searchParams: { idRichiestaRimborso: 42, language: 'EN' },
    });
    // Busy while the file comes.
    expect(downloadButton()).toHaveTextContent('Downloading…');
    expect(downloadButton()).toBeDisabled();
    expect(downloadButton()).toHaveAttribute('aria-busy', 'true');
    answer({ blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }), filename: 'release-FT-2025-0001.pdf' });
    await waitFor(() => expect(downloadButton()).toHaveTextContent('Download release PDF'));
    expect(downloadButton()).toBeEnabled();
    expect(savedAs).toEqual(['release-FT-2025-0001.pdf']);
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the contract file name when the header gives none', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42 }));
    requestBlobMock.mockResolvedValue({ blob: new Blob(['%PDF-1.7']), filename: null });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    await user.click(downloadButton());
    await waitFor(() => expect(savedAs).toEqual(['invoice-release-42.pdf']));
  });

  it('shows the detail of a failed download next to the button', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42 }));
    requestBlobMock.mockRejectedValue({
      status: 409,
      detail: 'The release document is being prepared.',
      extra: {},
      type: 'http-error',
    });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42');
    await screen.findByTestId('invoice-detail');
    await user.click(downloadButton());
    expect(await screen.findByTestId('release-download-error')).toHaveTextContent(
      'The release document is being prepared.',
    );
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('release-download-error'));
    expect(savedAs).toEqual([]);
  });

  it('shows a translated text when the failure has no detail', async () => {
    requestJsonMock.mockResolvedValue(anInvoice({ idRichiestaRimborso: 42 }));
    requestBlobMock.mockRejectedValue({ status: -1000, detail: '', extra: {}, type: 'network-error' });
    const user = userEvent.setup();
    renderRoutes('/protected/invoice/42', 'it_IT');
    await screen.findByTestId('invoice-detail');
    await user.click(screen.getByRole('button', { name: 'Scarica il PDF del visto' }));
    expect(await screen.findByTestId('release-download-error')).toHaveTextContent(
      'Non è stato possibile scaricare il PDF del visto.',
    );
  });
});
