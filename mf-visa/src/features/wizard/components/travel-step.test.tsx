import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson } from '@varco/http';
import { anInvoice } from '@varco/ui/testing';
import { AIR_TRAVEL, answerByPath, DESTINATION_COUNTRIES, renderRoutes } from '../../../testing/fixtures';
import { DRAFT_STORAGE_KEY } from '../hooks/use-wizard-draft';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const savedDraft = () => JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null');

/** A fixed clock that still moves (so Testing Library and user-event keep working). */
function clockAt(instant: string) {
  jest.useFakeTimers({ now: new Date(instant), advanceTimers: true });
}

/**
 * Opens step 2 with a draft holding invoice 1 (and `travel`), the api answering `answers` (answerByPath), once the
 * wizard has checked for a pending request.
 */
async function openStep2(travel: unknown = null, answers: Record<string, unknown> = {}, language?: 'en_US' | 'it_IT') {
  localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1], travel }));
  requestJsonMock.mockImplementation(answerByPath(answers));
  const user = userEvent.setup();
  renderRoutes('/protected/visa/create?step=2', language);
  await screen.findByTestId('travel-form');
  return user;
}

/** The traveler's profile, whose travel document is an identity card. */
const USER_INFO_WITH_ID_CARD = {
  nome: 'Mario',
  cognome: 'Rossi',
  tipoDocumentoCodice: 'ID_CARD',
  numeroDocumento: 'CA12345XY',
  visaCreationEnabled: true,
};

const select = (name: string) => screen.getByRole('combobox', { name });
const input = (name: string) => screen.getByRole('textbox', { name });
const dateInput = () => screen.getByLabelText(/^Departure date/);
const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((option) => option.textContent);
/** The text of a field's note that aria-describedby names: its issue (`-issue`) or its hint (`-hint`). */
const noteOf = (element: HTMLElement, kind: 'issue' | 'hint') => {
  const id = element
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith(`-${kind}`));
  return id ? document.getElementById(id)?.textContent : undefined;
};
const issueOf = (element: HTMLElement) => noteOf(element, 'issue');
const hintOf = (element: HTMLElement) => noteOf(element, 'hint');

async function chooseTransport(user: ReturnType<typeof userEvent.setup>, code: 'AE' | 'MP') {
  await waitFor(() => expect(select('Means of transport')).toBeEnabled());
  await user.selectOptions(select('Means of transport'), code);
}

function setDate(value: string) {
  fireEvent.change(dateInput(), { target: { value } });
  fireEvent.blur(dateInput());
}

beforeEach(() => requestJsonMock.mockReset());
afterEach(() => jest.useRealTimers());

describe('wizard step 2: fields shown and required per transport (docs/domain.md)', () => {
  it('asks for a flight and an airport by air, with required asterisks', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Step 2 of 3: travel details');
    expect(screen.queryByRole('textbox', { name: 'Flight number' })).not.toBeInTheDocument();
    await chooseTransport(user, 'AE');
    expect(input('Flight number')).toHaveAttribute('aria-required', 'true');
    expect(select('Destination airport')).toHaveAttribute('aria-required', 'true');
    expect(select('Destination airport')).toBeDisabled();
    expect(screen.getByText('Flight number').closest('label')).toHaveTextContent('Flight number *');
    expect(select('Travel document type')).toHaveAttribute('aria-required', 'true');
    expect(input('Travel document number')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('checkbox', { name: 'I am a crew member' })).not.toBeChecked();
    expect(select('Destination free zone')).not.toHaveAttribute('aria-required');
    expect(screen.getByText('Destination free zone').closest('label')).toHaveTextContent(/^Destination free zone$/);
    // The airports are those of the destination country.
    await user.selectOptions(select('Destination country'), 'US');
    await waitFor(() =>
      expect(optionsOf('Destination airport')).toEqual([
        'Choose…',
        'New York John F. Kennedy (JFK)',
        'Los Angeles (LAX)',
      ]),
    );
    expect(requestJsonMock).toHaveBeenCalledWith('v1/public/typology/airports/US', expect.anything(), {
      searchParams: { language: 'EN' },
    });
    expect(requestJsonMock).toHaveBeenCalledWith('v1/public/typology/countries/tax-free', expect.anything(), {
      searchParams: { from: 'VISA', language: 'EN' },
    });
  });

  it('hides the document fields for a crew member', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'AE');
    await user.selectOptions(select('Travel document type'), 'PASSPORT');
    await user.type(input('Travel document number'), 'YA1234567');
    await user.click(screen.getByRole('checkbox', { name: 'I am a crew member' }));
    expect(screen.queryByRole('combobox', { name: 'Travel document type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Travel document number' })).not.toBeInTheDocument();
    // Unticked, they come back empty.
    await user.click(screen.getByRole('checkbox', { name: 'I am a crew member' }));
    expect(input('Travel document number')).toHaveValue('');
  });

  it('hides the crew checkbox, the documents and the flight for a private vehicle', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    expect(screen.queryByRole('checkbox', { name: 'I am a crew member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Travel document type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Flight number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Destination airport' })).not.toBeInTheDocument();
    expect(select('Destination country')).toHaveAttribute('aria-required', 'true');
  });

  it('offers the free zones of the destination country, and none is required', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    expect(select('Destination free zone')).toBeDisabled();
    await user.selectOptions(select('Destination country'), 'CH');
    await waitFor(() => expect(select('Destination free zone')).toBeEnabled());
    expect(optionsOf('Destination free zone')).toEqual(['Choose…', 'Samnaun']);
    expect(requestJsonMock).toHaveBeenCalledWith('v1/public/typology/countries/free-zone/CH', expect.anything(), {
      searchParams: { from: 'VISA', language: 'EN' },
    });
  });
});

describe('wizard step 2: resets', () => {
  it('resets the form when the transport changes', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'AE');
    await user.selectOptions(select('Destination country'), 'US');
    await user.type(input('Flight number'), 'AZ610');
    await user.type(input('Travel document number'), 'YA1234567');
    setDate('2025-01-20');
    await user.selectOptions(select('Hour'), '10');
    await user.selectOptions(select('Means of transport'), 'MP');
    expect(select('Means of transport')).toHaveValue('MP');
    expect(select('Destination country')).toHaveValue('');
    expect(dateInput()).toHaveValue('');
    expect(select('Hour')).toHaveValue('');
    await user.selectOptions(select('Means of transport'), 'AE');
    expect(input('Flight number')).toHaveValue('');
    expect(input('Travel document number')).toHaveValue('');
  });

  it('clears hour and minutes when the date changes', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    setDate('2025-01-20');
    await user.selectOptions(select('Hour'), '10');
    await user.selectOptions(select('Minutes'), '30');
    expect(select('Minutes')).toHaveValue('30');
    setDate('2025-01-21');
    expect(select('Hour')).toHaveValue('');
    expect(select('Minutes')).toHaveValue('');
    expect(select('Minutes')).toBeDisabled();
  });
});

describe('wizard step 2: the departure clock, in Rome (docs/domain.md)', () => {
  it('offers today from the current hour, and minutes rounded up from the current minute', async () => {
    // 10:42 in Rome.
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    expect(dateInput()).toHaveAttribute('min', '2025-01-15');
    expect(dateInput()).toHaveAttribute('max', '2999-12-31');
    setDate('2025-01-15');
    expect(optionsOf('Hour').slice(0, 3)).toEqual(['Choose…', '10', '11']);
    expect(optionsOf('Hour')).toHaveLength(1 + 14);
    await user.selectOptions(select('Hour'), '10');
    expect(optionsOf('Minutes')).toEqual(['Choose…', '45', '50', '55']);
    await user.selectOptions(select('Hour'), '11');
    expect(optionsOf('Minutes')).toHaveLength(1 + 12);
    setDate('2025-01-16');
    expect(optionsOf('Hour')).toHaveLength(1 + 24);
  });

  it('goes to the next hour at 10:57', async () => {
    clockAt('2025-01-15T09:57:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    setDate('2025-01-15');
    expect(optionsOf('Hour')[1]).toBe('11');
    await user.selectOptions(select('Hour'), '11');
    expect(optionsOf('Minutes')[1]).toBe('00');
  });

  it('at 23:58 in Rome (22:58 UTC in winter) starts tomorrow, and today is refused', async () => {
    clockAt('2025-01-15T22:58:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    expect(dateInput()).toHaveAttribute('min', '2025-01-16');
    setDate('2025-01-15');
    await waitFor(() => expect(issueOf(dateInput())).toBe('Date must be in the future'));
    expect(select('Hour')).toBeDisabled();
    setDate('2025-01-16');
    await waitFor(() => expect(issueOf(dateInput())).toBeUndefined());
    expect(optionsOf('Hour')[1]).toBe('00');
  });

  it('sees the next day in Rome at 22:58 UTC in summer (00:58 in Rome)', async () => {
    clockAt('2025-07-15T22:58:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    expect(dateInput()).toHaveAttribute('min', '2025-07-16');
    setDate('2025-07-16');
    expect(optionsOf('Hour')[1]).toBe('01');
  });

  it('skips the hour that does not exist on the last Sunday of March', async () => {
    clockAt('2025-03-20T10:00:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    setDate('2025-03-30');
    expect(optionsOf('Hour').slice(1, 4)).toEqual(['00', '01', '03']);
  });

  it('offers every hour once on the last Sunday of October, and sends summer time for 02:30', async () => {
    clockAt('2025-10-20T10:00:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    await user.selectOptions(select('Destination country'), 'CH');
    setDate('2025-10-26');
    expect(optionsOf('Hour')).toHaveLength(1 + 24);
    await user.selectOptions(select('Hour'), '2');
    await user.selectOptions(select('Minutes'), '30');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=3'));
    expect(savedDraft().travel.travelDate).toBe('2025-10-26T00:30:00.000Z');
  });

  it('refuses a saved departure that is now in the past', async () => {
    // 10:42 in Rome; the draft leaves at 09:00 in Rome the same day.
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2({
      transportType: 'MP',
      crewMember: false,
      travelDate: '2025-01-15T08:00:00.000Z',
      travelDocType: null,
      travelDocNumber: null,
      destinationCountry: 'CH',
      destinationFreeZone: null,
      flightNumber: null,
      destinationAirport: null,
    });
    await waitFor(() => expect(select('Hour')).toHaveValue('9'));
    expect(select('Minutes')).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(issueOf(select('Minutes'))).toBe('Date must be in the future'));
    expect(select('Minutes')).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=2');
  });
});

describe('wizard step 2: the departure day written out', () => {
  // The browser's date control shows the day in the device's language and order (04/03 or 03/04).
  it("writes the chosen day in the page's language, with the month's name", async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    expect(hintOf(dateInput())).toBe('Date and time in Italy.');
    setDate('2025-03-04');
    expect(hintOf(dateInput())).toBe('Departure: Mar 4, 2025. Date and time in Italy.');
    setDate('');
    expect(hintOf(dateInput())).toBe('Date and time in Italy.');
    await waitFor(() => expect(issueOf(dateInput())).toBe('Required Field'));
  });

  it('says it in Italian', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2(null, {}, 'it_IT');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Mezzo di trasporto/ })).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: /^Mezzo di trasporto/ }), 'MP');
    const date = screen.getByLabelText(/^Data di partenza/);
    fireEvent.change(date, { target: { value: '2025-03-04' } });
    expect(hintOf(date)).toBe('Partenza: 4 mar 2025. Data e ora italiane.');
  });
});

describe('wizard step 2: validation on blur and on Next', () => {
  it('tells what is wrong when a field loses focus, in the current language', async () => {
    clockAt('2025-01-15T09:42:00Z');
    requestJsonMock.mockImplementation(answerByPath());
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ invoices: [1], travel: null }));
    const user = userEvent.setup();
    renderRoutes('/protected/visa/create?step=2', 'it_IT');
    const transport = await screen.findByRole('combobox', { name: 'Mezzo di trasporto' });
    fireEvent.blur(transport);
    await waitFor(() => expect(issueOf(transport)).toBe('Campo obbligatorio'));
    expect(transport).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(transport).toBeEnabled());
    await user.selectOptions(transport, 'AE');
    await waitFor(() => expect(issueOf(transport)).toBeUndefined());
    const flight = screen.getByRole('textbox', { name: 'Numero del volo' });
    await user.type(flight, 'A');
    await user.tab();
    await waitFor(() => expect(issueOf(flight)).toBe('Inserisci almeno 2 caratteri'));
    await user.type(flight, 'Z610');
    await waitFor(() => expect(issueOf(flight)).toBeUndefined());
  });

  it('checks everything on Next and moves the focus to the first wrong field', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await waitFor(() => expect(select('Means of transport')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(select('Means of transport')).toHaveFocus();
    await waitFor(() => expect(issueOf(select('Means of transport'))).toBe('Required Field'));
    await waitFor(() => expect(issueOf(input('Travel document number'))).toBe('This field cannot be empty'));
    await waitFor(() => expect(issueOf(dateInput())).toBe('Required Field'));
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=2');
  });

  it('saves the travel in the draft with the UTC instant of the Rome wall time, and goes to step 3', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, AIR_TRAVEL.transportType);
    await user.selectOptions(select('Travel document type'), AIR_TRAVEL.travelDocType);
    await user.type(input('Travel document number'), AIR_TRAVEL.travelDocNumber);
    await user.selectOptions(select('Destination country'), AIR_TRAVEL.destinationCountry);
    await user.type(input('Flight number'), AIR_TRAVEL.flightNumber);
    await waitFor(() => expect(select('Destination airport')).toBeEnabled());
    await user.selectOptions(select('Destination airport'), AIR_TRAVEL.destinationAirport);
    setDate('2025-07-01');
    await user.selectOptions(select('Hour'), '0');
    await user.selectOptions(select('Minutes'), '5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=3'));
    expect(savedDraft()).toEqual({
      invoices: [1],
      // What was chosen above, and the departure: 00:05 in Rome on 1 July (UTC+2) is 22:05 UTC the day before.
      travel: { ...AIR_TRAVEL, travelDate: '2025-06-30T22:05:00.000Z' },
    });
  });

  it('sends no document and no crew flag for a private vehicle', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await chooseTransport(user, 'MP');
    await user.selectOptions(select('Destination country'), 'CH');
    await waitFor(() => expect(select('Destination free zone')).toBeEnabled());
    await user.selectOptions(select('Destination free zone'), 'CH-SAMNAUN');
    setDate('2025-01-15');
    await user.selectOptions(select('Hour'), '10');
    await user.selectOptions(select('Minutes'), '45');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('step=3'));
    expect(savedDraft().travel).toEqual({
      transportType: 'MP',
      crewMember: false,
      travelDate: '2025-01-15T09:45:00.000Z',
      travelDocType: null,
      travelDocNumber: null,
      destinationCountry: 'CH',
      destinationFreeZone: 'CH-SAMNAUN',
      flightNumber: null,
      destinationAirport: null,
    });
  });

  it('goes back to step 1', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/protected/visa/create?step=1');
  });
});

describe('wizard step 2: the rules of the api, told when a field loses focus', () => {
  /** Step 2 with invoice FT-1 selected, whose exit deadline is 30 April 2025, and the traveler's profile. */
  function openWithInvoice(language: 'en_US' | 'it_IT' = 'en_US') {
    return openStep2(
      null,
      {
        'v1/private/invoices/usable': {
          invoices: [anInvoice({ idRichiestaRimborso: 1, invoiceNumber: 'FT-1', exitDeadline: '2025-04-30' })],
          links: { totalItems: 1 },
        },
        'v1/private/traveler/user-info': USER_INFO_WITH_ID_CARD,
      },
      language,
    );
  }

  it('refuses a flight number that is not one, with the api’s message', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openWithInvoice();
    await chooseTransport(user, 'AE');
    const flight = input('Flight number');
    await user.type(flight, '12345678');
    await user.tab();
    await waitFor(() => expect(issueOf(flight)).toBe('Invalid flight number (for example AZ 610)'));
    expect(flight).toHaveAttribute('aria-invalid', 'true');
    await user.clear(flight);
    await user.type(flight, 'az 610');
    await waitFor(() => expect(issueOf(flight)).toBeUndefined());
  });

  it('says it in Italian', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openWithInvoice('it_IT');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Mezzo di trasporto/ })).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: /^Mezzo di trasporto/ }), 'AE');
    const flight = screen.getByRole('textbox', { name: 'Numero del volo' });
    await user.type(flight, '12345678');
    await user.tab();
    await waitFor(() => expect(issueOf(flight)).toBe('Numero di volo non valido (per esempio AZ 610)'));
  });

  it('refuses a document number longer than 50 characters', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openWithInvoice();
    await chooseTransport(user, 'AE');
    const number = input('Travel document number');
    await user.clear(number);
    await user.type(number, 'X'.repeat(51));
    await user.tab();
    await waitFor(() => expect(issueOf(number)).toBe('Enter at most 50 characters'));
  });

  it('refuses a control character in the document number (a pasted NUL) before the api would', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openWithInvoice();
    await chooseTransport(user, 'AE');
    const number = input('Travel document number');
    await user.clear(number);
    await user.click(number);
    await user.paste('YA\u0000123');
    await user.tab();
    await waitFor(() => expect(issueOf(number)).toBe('Contains a control character that is not allowed'));
  });

  it('asks for a free zone when the destination is in the EU', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2(null, {
      'v1/public/typology/countries/tax-free': [...DESTINATION_COUNTRIES, { code: 'IT', description: 'Italy' }],
      'v1/public/typology/countries/free-zone/IT': [{ code: 'IT-LIVIGNO', description: 'Livigno' }],
    });
    await chooseTransport(user, 'MP');
    await waitFor(() => expect(select('Destination country')).toBeEnabled());
    await user.selectOptions(select('Destination country'), 'IT');
    await user.tab();
    await waitFor(() =>
      expect(issueOf(select('Destination country'))).toBe(
        'The destination must be outside the EU VAT area: choose a country outside the EU, or one of its free zones',
      ),
    );
    await waitFor(() => expect(select('Destination free zone')).toBeEnabled());
    await user.selectOptions(select('Destination free zone'), 'IT-LIVIGNO');
    await waitFor(() => expect(issueOf(select('Destination country'))).toBeUndefined());
  });

  it('refuses a departure after the exit deadline of a selected invoice', async () => {
    clockAt('2025-01-15T09:42:00Z');
    await openWithInvoice();
    await waitFor(() =>
      expect(requestJsonMock).toHaveBeenCalledWith('v1/private/invoices/usable', expect.anything(), expect.anything()),
    );
    await waitFor(() => {
      setDate('2025-05-01');
      expect(issueOf(dateInput())).toBe(
        'The departure cannot be later than Apr 30, 2025, the exit deadline of invoice FT-1',
      );
    });
    setDate('2025-04-30');
    await waitFor(() => expect(issueOf(dateInput())).toBeUndefined());
  });
});

describe('wizard step 2: the traveler’s own document', () => {
  it('fills the document fields from the profile, and the traveler can change them', async () => {
    clockAt('2025-01-15T09:42:00Z');
    const user = await openStep2(null, { 'v1/private/traveler/user-info': USER_INFO_WITH_ID_CARD });
    await chooseTransport(user, 'AE');
    await waitFor(() => expect(input('Travel document number')).toHaveValue('CA12345XY'));
    expect(select('Travel document type')).toHaveValue('ID_CARD');
    // A crew member has no document fields; unticked, the document comes back.
    await user.click(screen.getByRole('checkbox', { name: 'I am a crew member' }));
    expect(screen.queryByRole('textbox', { name: 'Travel document number' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'I am a crew member' }));
    expect(input('Travel document number')).toHaveValue('CA12345XY');
    await user.clear(input('Travel document number'));
    await user.type(input('Travel document number'), 'P998877');
    expect(input('Travel document number')).toHaveValue('P998877');
  });
});
