import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson } from '@varco/http';
import { i18n } from '@varco/i18n';
import { sessionStore } from '@varco/session';
import { anInvoice } from '@varco/ui/testing';
import { AIR_TRAVEL, answerByPath, aVisa, renderRoutes } from '../../../testing/fixtures';
import { DRAFT_STORAGE_KEY } from '../hooks/use-wizard-draft';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const travel = { ...AIR_TRAVEL, travelDate: '2999-06-30T22:05:00.000Z' };
const usable = {
  invoices: [
    anInvoice({ idRichiestaRimborso: 1, invoiceNumber: 'FT-1', totalAmount: 300, exitDeadline: '2999-12-31' }),
    anInvoice({ idRichiestaRimborso: 2, invoiceNumber: 'FT-2', totalAmount: 150.5, exitDeadline: '2999-12-31' }),
  ],
  links: { totalItems: 2 },
};
const savedDraft = () => JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  requestJsonMock.mockReset();
  sessionStore.setState({ visaCreationEnabled: true });
});

describe('wizard step 3: summary and submit (docs/domain.md wizard, docs/calls.md POST/PUT visa)', () => {
  it('shows what will be sent, creates the request, opens it and clears the draft', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1, 2], travel }));
    const post = jest.fn(() => ({ id: 55 }));
    requestJsonMock.mockImplementation(
      answerByPath({
        'v1/private/invoices/usable': usable,
        'POST v1/private/visa': post,
        'v1/private/visa/55': aVisa({ idRichiesta: 55 }),
      }),
    );
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=3');
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('Step 3 of 3: summary');
    await waitFor(() =>
      expect(within(screen.getByTestId('summary-invoices')).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(screen.getByTestId('summary-total')).toHaveTextContent('2 invoices selected, total €450.50');
    const rows = within(screen.getByTestId('summary-travel'));
    await waitFor(() => expect(rows.getByText('New York John F. Kennedy (JFK)')).toBeInTheDocument());
    expect(rows.getByText('Air')).toBeInTheDocument();
    expect(rows.getByText('Passport')).toBeInTheDocument();
    expect(rows.getByText('United States')).toBeInTheDocument();
    // 22:05 UTC on 30 June is 00:05 on 1 July in Rome.
    expect(rows.getByText('Jul 1, 2999 at 00:05 (time in Italy)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected\/visa\/55$/));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/visa', expect.anything(), {
      method: 'post',
      json: { invoices: [1, 2], travel },
      searchParams: { language: 'EN' },
    });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    expect(sessionStore.getState().visaCreationEnabled).toBe(false);
  });

  it("shows the server's detail and one line per field, as 'field label: message'", async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1], travel }));
    const refusal = {
      status: 400,
      type: 'http-error',
      detail: 'The request is not valid',
      extra: {
        'travel.flightNumber': 'not a flight of that day',
        invoices: 'invoice FT-1 is already in a request',
        destinationCountry: 'not allowed',
      },
    };
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/invoices/usable': usable, 'POST v1/private/visa': () => Promise.reject(refusal) }),
    );
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=3');
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    const errors = await screen.findByTestId('submit-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The request is not valid',
      'Flight number: not a flight of that day',
      'Invoices: invoice FT-1 is already in a request',
      'Destination country: not allowed',
    ]);
    expect(errors).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=3');
    expect(savedDraft()).toEqual({ invoices: [1], travel });
  });

  it('shows the generic text when the server says nothing, and the network text when it cannot be reached', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1], travel }));
    let failure: unknown = { status: 500, type: 'http-error', detail: '', extra: {} };
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/invoices/usable': usable, 'POST v1/private/visa': () => Promise.reject(failure) }),
    );
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=3');
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('submit-errors')).toHaveTextContent('Something went wrong. Please try again.');
    failure = { status: -1000, type: 'network-error', detail: '', extra: {} };
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByTestId('submit-errors')).toHaveTextContent('A network error occurred.'));
  });
});

describe('modify a request (docs/screens.md /protected/visa/update/{id})', () => {
  // The departure of `travel` (in 2999) is within the exit deadline of every invoice of the request.
  const own = anInvoice({
    idRichiestaRimborso: 9,
    invoiceNumber: 'FT-9',
    stateCode: 90,
    totalAmount: 99,
    exitDeadline: '2999-12-31',
  });
  const pendingVisa = aVisa({
    idRichiesta: 7,
    stateCode: 1,
    invoices: [own],
    meansOfTransport: { code: 'AE', description: 'Air' },
    crewMember: false,
    travelDate: travel.travelDate,
    travelDocType: { code: 'PASSPORT' },
    travelDocNumber: 'YA1234567',
    destinationCountry: { code: 'US' },
    destinationAirport: { code: 'JFK' },
    destinationFreeZone: null,
    flightNumber: 'AZ610',
  });

  it('fills the draft with the request, offers its own invoices with the usable ones, and saves with PUT', async () => {
    const put = jest.fn(() => ({ id: 7 }));
    requestJsonMock.mockImplementation(
      answerByPath({
        'v1/private/visa/7': pendingVisa,
        'v1/private/invoices/usable': usable,
        'PUT v1/private/visa': put,
      }),
    );
    const user = userEvent.setup();
    renderRoutes('/protected/visa/update/7');
    // The wizard's code loads when it is opened.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Modify visa request');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/update/7?step=1'));
    expect(await screen.findByRole('checkbox', { name: /FT-9/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /FT-1/ })).not.toBeChecked();
    expect(savedDraft()).toEqual({ invoices: [9], travel, requestId: 7 });
    await user.click(screen.getByRole('checkbox', { name: /FT-1/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Step 2 holds the request's travel, as a wall time in Rome.
    expect(await screen.findByRole('textbox', { name: 'Flight number' })).toHaveValue('AZ610');
    expect(screen.getByLabelText(/^Departure date/)).toHaveValue('2999-07-01');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected\/visa\/7$/));
    expect(put).toHaveBeenCalledWith({
      method: 'put',
      json: { id: 7, invoices: [9, 1], travel },
      searchParams: { language: 'EN' },
    });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('opens the detail on what the api holds after the change (the new QR), and a second modification starts from it', async () => {
    let held = { ...pendingVisa, qrCode: 'QkVGT1JF' };
    const put = jest.fn(({ json }: { json: { travel: typeof travel } }) => {
      held = { ...held, flightNumber: json.travel.flightNumber ?? null, qrCode: 'QUZURVI=' };
      return { id: 7 };
    });
    requestJsonMock.mockImplementation(
      answerByPath({
        'v1/private/visa/7': () => held,
        'v1/private/invoices/usable': usable,
        'PUT v1/private/visa': put,
      }),
    );
    const user = userEvent.setup();
    renderRoutes('/protected/visa/7');
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/png;base64,QkVGT1JF',
    );
    await user.click(screen.getByRole('link', { name: 'Modify' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const flight = await screen.findByRole('textbox', { name: 'Flight number' });
    await user.clear(flight);
    await user.type(flight, 'NH210');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected\/visa\/7$/));
    expect(within(screen.getByTestId('visa-travel')).getByText('NH210')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', 'data:image/png;base64,QUZURVI=');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Modify' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: 'Flight number' })).toHaveValue('NH210');
  });

  it('keeps what the traveler typed in step 2 when the language changes', async () => {
    requestJsonMock.mockImplementation(
      answerByPath({ 'v1/private/visa/7': pendingVisa, 'v1/private/invoices/usable': usable }),
    );
    const user = userEvent.setup();
    renderRoutes('/protected/visa/update/7?step=2');
    const flight = await screen.findByRole('textbox', { name: 'Flight number' });
    await waitFor(() => expect(flight).toHaveValue('AZ610'));
    await user.clear(flight);
    await user.type(flight, 'NH 210');
    await act(() => i18n.changeLanguage('it_IT'));
    expect(await screen.findByRole('textbox', { name: 'Numero del volo' })).toHaveValue('NH 210');
    expect(
      requestJsonMock.mock.calls.filter(([path]) => path === 'v1/private/visa/7').map(([, , options]) => options),
    ).toEqual([{ searchParams: { language: 'EN' } }, { searchParams: { language: 'IT' } }]);
  });

  it('keeps a new request apart from a modification draft', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [9], travel, requestId: 7 }));
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/invoices/usable': usable }));
    renderRoutes('/protected/visa/create?step=3');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=1'));
  });

  it('does not modify a request that is no longer pending', async () => {
    requestJsonMock.mockImplementation(answerByPath({ 'v1/private/visa/7': { ...pendingVisa, stateCode: 20 } }));
    renderRoutes('/protected/visa/update/7?step=1');
    expect(await screen.findByTestId('visa-not-editable')).toHaveTextContent(
      'Only a pending visa request can be modified.',
    );
    expect(screen.getByRole('link', { name: 'Go to the request' })).toHaveAttribute('href', '/protected/visa/7');
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('shows the not-found state for an unknown request', async () => {
    requestJsonMock.mockImplementation(answerByPath());
    renderRoutes('/protected/visa/update/8');
    expect(await screen.findByTestId('visa-not-found')).toBeInTheDocument();
  });
});
