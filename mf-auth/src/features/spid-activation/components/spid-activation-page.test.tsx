import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { renderSection } from '../../../testing/render-section';
import { FIRST_TIME_IDENTITY } from '../../../testing/traveler';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

const FINALIZE = 'v1/private/traveler/finalize';
const TAX_FREE_COUNTRIES = [
  { code: 'CH', description: 'Switzerland' },
  { code: 'IT', description: 'Italy' },
];
const COUNTRIES = [...TAX_FREE_COUNTRIES, { code: 'US', description: 'United States' }];
const ZONES: Record<string, Array<{ code: string; description: string }>> = {
  IT: [{ code: 'IT-LIVIGNO', description: 'Livigno' }],
};
let finalizeAnswer: (body: unknown) => Promise<unknown>;

beforeEach(() => {
  sessionStore.getState().clearSession();
  finalizeAnswer = async (body) => ({ ...FIRST_TIME_IDENTITY, ...(body as object), privacy: true });
  requestJsonMock.mockReset().mockImplementation(async (path: string, _schema, options) => {
    if (path === 'v1/private/traveler/user-info') return FIRST_TIME_IDENTITY;
    if (path === FINALIZE) return finalizeAnswer((options as { json: unknown }).json);
    if (path === 'v1/public/typology/countries/tax-free') return TAX_FREE_COUNTRIES;
    if (path === 'v1/public/typology/COUNTRY') return COUNTRIES;
    if (path === 'v1/public/typology/DOCUMENT_TYPE') return [{ code: 'PASSAPORTO', description: 'Passport' }];
    if (path.startsWith('v1/public/typology/countries/free-zone/')) return ZONES[path.split('/').pop() ?? ''] ?? [];
    throw new Error(`unexpected call ${path}`);
  });
});

const finalizeCalls = () => requestJsonMock.mock.calls.filter(([path]) => path === FINALIZE);

async function renderForm(language: 'it_IT' | 'en_US' = 'en_US') {
  renderSection('sign-in', '/sign-in/spid/activate', { language });
  await waitFor(() => expect(screen.getByLabelText(/^Document type|^Tipo di documento/)).toBeEnabled());
}

async function fillDocument(user: UserEvent, { country = 'CH', zone }: { country?: string; zone?: string } = {}) {
  await user.selectOptions(screen.getByLabelText(/^Country of residence/), country);
  if (zone) await user.selectOptions(await screen.findByLabelText(/^Zone of residence/), zone);
  await user.selectOptions(screen.getByLabelText(/^Document type/), 'PASSAPORTO');
  await user.selectOptions(screen.getByLabelText(/^Country that issued/), 'IT');
  await user.type(screen.getByLabelText(/^Document number/), ' YA1234567 ');
}

describe('completion of a digital-identity registration (docs/screens.md /sign-in/spid/activate, docs/domain.md)', () => {
  it('prefills name, surname and birthday read-only and checks e-mail and privacy', async () => {
    const user = userEvent.setup();
    await renderForm();
    const name = screen.getByLabelText(/^Name/);
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/traveler/user-info', expect.anything());
    expect(name).toHaveValue('Mario');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Surname/)).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Date of birth/)).toHaveValue('1980-05-17');
    expect(screen.getByLabelText(/^Date of birth/)).toHaveAttribute('readonly');
    await user.type(screen.getByLabelText(/^E-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Confirm e-mail/), 'other@example.com');
    await user.tab();
    expect(screen.getByLabelText(/^Confirm e-mail/)).toHaveAccessibleDescription('The e-mail addresses are different');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByLabelText(/^I have read/)).toHaveAccessibleDescription('You must accept to continue');
    expect(finalizeCalls()).toHaveLength(0);
  });

  it('asks the residence and the travel document with the rules and messages of the registration', async () => {
    const user = userEvent.setup();
    await renderForm();
    // Empty: nothing is sent, and each field says why.
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    for (const label of [/^Country of residence/, /^Document type/, /^Country that issued/, /^Document number/]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('This field cannot be empty');
    }
    expect(finalizeCalls()).toHaveLength(0);
    // One character is not a document number.
    await user.type(screen.getByLabelText(/^Document number/), 'Y');
    await user.tab();
    expect(screen.getByLabelText(/^Document number/)).toHaveAccessibleDescription('Enter at least 2 characters');
    // The zone select appears only for a country with zones, and is reset when the country changes.
    expect(screen.queryByLabelText(/^Zone of residence/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'IT');
    await user.selectOptions(await screen.findByLabelText(/^Zone of residence/), 'IT-LIVIGNO');
    await user.selectOptions(screen.getByLabelText(/^Country of residence/), 'CH');
    await waitFor(() => expect(screen.queryByLabelText(/^Zone of residence/)).not.toBeInTheDocument());
  });

  it('sends the residence, the document, the e-mail and privacy, signs the traveler in and goes to the home page', async () => {
    const user = userEvent.setup();
    await renderForm('it_IT');
    await user.selectOptions(screen.getByLabelText(/^Paese di residenza/), 'IT');
    await user.selectOptions(await screen.findByLabelText(/^Zona di residenza/), 'IT-LIVIGNO');
    await user.selectOptions(screen.getByLabelText(/^Tipo di documento/), 'PASSAPORTO');
    await user.selectOptions(screen.getByLabelText(/^Paese che ha rilasciato/), 'IT');
    await user.type(screen.getByLabelText(/^Numero del documento/), ' YA1234567 ');
    await user.type(screen.getByLabelText(/^E-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Conferma e-mail/), 'mario@example.com');
    await user.click(screen.getByLabelText(/^Ho letto/));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(requestJsonMock).toHaveBeenCalledWith(FINALIZE, expect.anything(), {
      method: 'POST',
      json: {
        email: 'mario@example.com',
        privacy: true,
        lan: 'IT',
        paeseResidenzaCodice: 'IT',
        zonaResidenzaCodice: 'IT-LIVIGNO',
        tipoDocumentoCodice: 'PASSAPORTO',
        paeseDocumentoCodice: 'IT',
        numeroDocumento: 'YA1234567',
      },
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected$/));
    expect(sessionStore.getState().user).toEqual({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' });
  });

  it('shows the server detail and each field message on its field', async () => {
    finalizeAnswer = () =>
      Promise.reject({
        status: 409,
        detail: 'The account already exists.',
        extra: { email: 'E-mail already used.', numeroDocumento: 'This identity document is already registered.' },
        type: 'http-error',
      });
    const user = userEvent.setup();
    await renderForm();
    await fillDocument(user);
    await user.type(screen.getByLabelText(/^E-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Confirm e-mail/), 'mario@example.com');
    await user.click(screen.getByLabelText(/^I have read/));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The account already exists.');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription(/^E-mail already used\./);
    expect(screen.getByLabelText(/^Document number/)).toHaveAccessibleDescription(
      'This identity document is already registered.',
    );
    expect(sessionStore.getState().user).toEqual({});
  });
});
