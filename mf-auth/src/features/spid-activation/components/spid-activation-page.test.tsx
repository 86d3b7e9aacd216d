import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson, requestVoid } from '@varco/http';
import { sessionStore } from '@varco/session';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn(), requestVoid: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);

const INFO = {
  nome: 'Mario',
  cognome: 'Rossi',
  dataNascita: '1980-05-17',
  email: '',
  paeseResidenzaCodice: 'US',
  zonaResidenzaCodice: '',
  tipoDocumentoCodice: 'PP',
  paeseDocumentoCodice: 'US',
  numeroDocumento: 'YA1234567',
  privacy: false,
  visaCreationEnabled: true,
  identityProvider: 'SPID',
};

beforeEach(() => {
  requestJsonMock.mockReset().mockResolvedValue(INFO);
  requestVoidMock.mockReset();
});

describe('completion of a digital-identity registration (SPEC §2 /sign-in/spid/activate, §5)', () => {
  it('prefills name, surname and birthday read-only and checks e-mail and privacy', async () => {
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/spid/activate');
    const name = await screen.findByLabelText(/^Name/);
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
    expect(screen.getByLabelText(/^I have read/)).toHaveAccessibleDescription('Required field');
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('sends the e-mail and privacy, signs the traveler in and goes to the home page', async () => {
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/spid/activate', { language: 'it_IT' });
    await user.type(await screen.findByLabelText(/^E-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Conferma e-mail/), 'mario@example.com');
    await user.click(screen.getByLabelText(/^Ho letto/));
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/private/traveler/finalize', { method: 'POST', json: { email: 'mario@example.com', privacy: true, lan: 'IT' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected$/));
    expect(sessionStore.getState().user).toMatchObject({ numeroDocumento: 'YA1234567' });
  });

  it('shows the server detail and the e-mail message', async () => {
    requestVoidMock.mockRejectedValue({ status: 400, detail: 'Invalid data', extra: { email: 'E-mail already used.' }, type: 'http-error' });
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/spid/activate');
    await user.type(await screen.findByLabelText(/^E-mail/), 'mario@example.com');
    await user.type(screen.getByLabelText(/^Confirm e-mail/), 'mario@example.com');
    await user.click(screen.getByLabelText(/^I have read/));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid data');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAccessibleDescription(/^E-mail already used\./);
  });
});
