import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestBlob, requestJson, requestVoid } from '@varco/http';
import { sessionStore } from '@varco/session';
import { TEST_VISA_TRAVEL } from '@varco/contracts/testing';
import { anInvoice, catchSavedFiles } from '@varco/ui/testing';
import { aVisa, renderRoutes } from '../../../testing/fixtures';

jest.mock('@varco/http', () => ({
  ...jest.requireActual('@varco/http'),
  requestJson: jest.fn(),
  requestVoid: jest.fn(),
  requestBlob: jest.fn(),
}));
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);
const requestBlobMock = jest.mocked(requestBlob);

const savedAs = catchSavedFiles();

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
  requestBlobMock.mockReset();
});

afterEach(() => jest.restoreAllMocks());

const full = aVisa({
  qrCode: 'iVBORw0KGgo=',
  invoices: [
    anInvoice({ idRichiestaRimborso: 41, invoiceNumber: 'FT-41', stateCode: 90 }),
    anInvoice({ idRichiestaRimborso: 42, invoiceNumber: 'FT-42', stateCode: 90 }),
  ],
  ...TEST_VISA_TRAVEL,
  destinationAirport: { code: 'JFK', description: 'New York John F. Kennedy (JFK)' },
  riskAnalysis: { showTrafficLight: false, codeAnalysisResult: null, message: null },
});

describe('visa detail: what it shows (docs/screens.md, docs/domain.md)', () => {
  it('shows code, identifier, sent date and hour, totals, travel and invoices with links', async () => {
    requestJsonMock.mockResolvedValue(full);
    renderRoutes('/protected/visa/7');
    const detail = await screen.findByTestId('visa-detail');
    const rows = within(detail)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Request code', 'RQ-2025-0007'],
      ['Visa request identifier', 'VR-7'],
      ['Status', 'In progress'],
      ['Sent', 'Sent on Mar 14, 2025 at 10:05'],
      ['Total amount', '€850.00'],
      ['Invoices', '2'],
    ]);
    const travel = within(screen.getByTestId('visa-travel'));
    expect(travel.getByText('Air')).toBeInTheDocument();
    expect(travel.getByText('AZ 610')).toBeInTheDocument();
    expect(travel.getByText('New York John F. Kennedy (JFK)')).toBeInTheDocument();
    // 16:30 UTC on 12 June is 18:30 in Rome (summer time).
    expect(travel.getByText('Jun 12, 2026 at 18:30 (time in Italy)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invoice FT-41, Boutique Roma' })).toHaveAttribute(
      'href',
      '/protected/invoice/41',
    );
    expect(screen.getByRole('link', { name: 'Invoice FT-42, Boutique Roma' })).toHaveAttribute(
      'href',
      '/protected/invoice/42',
    );
  });

  it('speaks Italian, amounts included', async () => {
    requestJsonMock.mockResolvedValue(full);
    renderRoutes('/protected/visa/7', 'it_IT');
    const detail = await screen.findByTestId('visa-detail');
    expect(within(detail).getByText('850,00 €')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avvia analisi dei rischi' })).toBeInTheDocument();
  });
});

describe('visa detail per state: QR instruction, traffic light, buttons', () => {
  const actions = () => within(screen.getByTestId('visa-actions'));

  it('pending: go to the exit point; modify, delete, risk analysis and download', async () => {
    requestJsonMock.mockResolvedValue(full);
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('qr-instruction')).toHaveTextContent('Show this QR code at the exit point');
    expect(
      screen.getByRole('img', { name: 'QR code of request RQ-2025-0007, to show at the exit point' }),
    ).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(actions().getByRole('link', { name: 'Modify' })).toHaveAttribute('href', '/protected/visa/update/7');
    expect(actions().getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(actions().getByRole('button', { name: 'Start risk analysis' })).toBeInTheDocument();
    expect(actions().getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByTestId('traffic-light')).not.toBeInTheDocument();
  });

  it('in completion (50): go airside, with the extra information and a green light', async () => {
    requestJsonMock.mockResolvedValue({
      ...full,
      stateCode: 50,
      riskAnalysis: { showTrafficLight: true, codeAnalysisResult: 1, message: 'Low risk' },
    });
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('qr-instruction')).toHaveTextContent(
      'Go to the air side after the passport or security check',
    );
    expect(screen.getByTestId('in-completion-info')).toHaveTextContent('In completion');
    const light = screen.getByTestId('traffic-light');
    expect(light).toHaveAttribute('data-light', 'green');
    expect(within(light).getByTestId('traffic-light-label')).toHaveTextContent('Green light');
    expect(light).toHaveTextContent('The visa is given when your QR code is passed at the exit point.');
    expect(within(light).getByTestId('traffic-light-message')).toHaveTextContent('Low risk');
    expect(actions().queryByRole('link', { name: 'Modify' })).not.toBeInTheDocument();
    expect(actions().queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(actions().queryByRole('button', { name: 'Start risk analysis' })).not.toBeInTheDocument();
    expect(actions().getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  });

  it.each([
    [10, 'red', 'Red light', 'A physical inspection at the customs office is required.'],
    [5, 'yellow', 'Yellow light', 'A check is required: go to the customs office.'],
  ])('customs check (20) with light %i: go to the customs office, %s in words', async (code, key, label, meaning) => {
    requestJsonMock.mockResolvedValue({
      ...full,
      stateCode: 20,
      riskAnalysis: { showTrafficLight: true, codeAnalysisResult: code, message: 'Amount above the threshold' },
    });
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('qr-instruction')).toHaveTextContent('go to the customs office');
    const light = screen.getByTestId('traffic-light');
    expect(light).toHaveAttribute('data-light', key);
    expect(light).toHaveTextContent(label);
    expect(light).toHaveTextContent(meaning);
    expect(light).toHaveTextContent('Amount above the threshold');
    expect(actions().queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it.each([10, 100])('state %i: no QR code, no instruction, no change', async (stateCode) => {
    requestJsonMock.mockResolvedValue({ ...full, stateCode });
    renderRoutes('/protected/visa/7');
    await screen.findByTestId('visa-detail');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTestId('qr-instruction')).not.toBeInTheDocument();
    expect(actions().queryByRole('link', { name: 'Modify' })).not.toBeInTheDocument();
    expect(actions().queryByRole('button', { name: 'Start risk analysis' })).not.toBeInTheDocument();
  });
});

describe('visa detail: delete (docs/domain.md, docs/calls.md)', () => {
  it('asks for confirmation, can be cancelled, deletes and goes home', async () => {
    requestJsonMock.mockResolvedValue(full);
    requestVoidMock.mockResolvedValue(undefined);
    sessionStore.setState({ visaCreationEnabled: false });
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this visa request?' });
    expect(dialog).toHaveTextContent('Request RQ-2025-0007 will be deleted');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requestVoidMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected$/));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/private/visa/7', { method: 'delete' });
    expect(sessionStore.getState().visaCreationEnabled).toBe(true);
  });

  it('shows a generic error when the deletion fails', async () => {
    requestJsonMock.mockResolvedValue(full);
    requestVoidMock.mockRejectedValue({ status: 409, type: 'http-error', detail: 'visa.notPending', extra: {} });
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByTestId('delete-error')).toHaveTextContent('The visa request could not be deleted.');
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/7');
  });
});

describe('visa detail: a pending request tells one story', () => {
  const statusBadge = () =>
    within(screen.getByTestId('visa-detail')).getByText((_, element) => element?.classList.contains('badge') ?? false);

  it('waits for the exit point (orange); blue "Risk analysis" only while the analysis started here runs', async () => {
    let answer: (value: undefined) => void = () => undefined;
    requestJsonMock.mockResolvedValueOnce({ ...full, visaToBeAnalysed: false }).mockResolvedValue({
      ...full,
      stateCode: 50,
      riskAnalysis: { showTrafficLight: true, codeAnalysisResult: 1, message: null },
    });
    requestVoidMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    expect(await screen.findByTestId('qr-instruction')).toHaveTextContent(
      'Show this QR code at the exit point, at the kiosk or to the customs officer: the risk analysis runs when it is scanned. You can also start it yourself before you get there.',
    );
    expect(statusBadge()).toHaveTextContent('In progress');
    expect(statusBadge()).toHaveAttribute('data-color', 'orange');

    await user.click(screen.getByRole('button', { name: 'Start risk analysis' }));
    await waitFor(() => expect(statusBadge()).toHaveTextContent('Risk analysis'));
    expect(statusBadge()).toHaveAttribute('data-color', 'blue');
    answer(undefined);
    await waitFor(() => expect(statusBadge()).toHaveTextContent('In completion'));
  });

  it('says the same in Italian', async () => {
    requestJsonMock.mockResolvedValue({ ...full, visaToBeAnalysed: false });
    renderRoutes('/protected/visa/7', 'it_IT');
    expect(await screen.findByTestId('qr-instruction')).toHaveTextContent(
      "Mostra questo QR code al punto di uscita, al totem o al funzionario doganale: l'analisi dei rischi parte quando viene scansionato. Puoi anche avviarla tu prima di arrivarci.",
    );
    expect(statusBadge()).toHaveTextContent('In lavorazione');
  });
});

describe('visa detail: risk analysis (docs/domain.md)', () => {
  it('starts it and loads the request again', async () => {
    requestJsonMock.mockResolvedValueOnce(full).mockResolvedValue({
      ...full,
      stateCode: 50,
      riskAnalysis: { showTrafficLight: true, codeAnalysisResult: 1, message: null },
    });
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    await user.click(await screen.findByRole('button', { name: 'Start risk analysis' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/private/visa/start-risk-analysis', {
      method: 'post',
      json: { id: 7 },
      searchParams: { language: 'EN' },
    });
    expect(await screen.findByTestId('traffic-light')).toHaveAttribute('data-light', 'green');
    expect(screen.getByTestId('qr-instruction')).toHaveTextContent('Go to the air side');
  });

  it("shows the server's detail when it is refused", async () => {
    requestJsonMock.mockResolvedValue(full);
    requestVoidMock.mockRejectedValue({
      status: 409,
      type: 'http-error',
      detail: 'The request is no longer pending.',
      extra: {},
    });
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    await user.click(await screen.findByRole('button', { name: 'Start risk analysis' }));
    expect(await screen.findByTestId('risk-error')).toHaveTextContent('The request is no longer pending.');
  });
});

describe('visa detail: PDF download (docs/calls.md)', () => {
  it('saves the PDF under the name of content-disposition, or a name of its own', async () => {
    requestJsonMock.mockResolvedValue(full);
    requestBlobMock
      .mockResolvedValueOnce({ blob: new Blob(['%PDF']), filename: 'visto-RQ-2025-0007.pdf' })
      .mockResolvedValueOnce({ blob: new Blob(['%PDF']), filename: null });
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(savedAs).toEqual(['visto-RQ-2025-0007.pdf']));
    expect(requestBlobMock).toHaveBeenCalledWith('v1/private/visa/7/download', { searchParams: { language: 'EN' } });
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(savedAs).toEqual(['visto-RQ-2025-0007.pdf', 'visa-request-RQ-2025-0007.pdf']));
  });

  it('shows the detail read from the blob of a failed download, or a text of its own', async () => {
    requestJsonMock.mockResolvedValue(full);
    requestBlobMock
      .mockRejectedValueOnce({ status: 404, type: 'http-error', detail: 'No PDF for this request.', extra: {} })
      .mockRejectedValueOnce({ status: -1000, type: 'network-error', detail: '', extra: {} });
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByTestId('visa-download-error')).toHaveTextContent('No PDF for this request.');
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() =>
      expect(screen.getByTestId('visa-download-error')).toHaveTextContent('The PDF could not be downloaded.'),
    );
  });
});
