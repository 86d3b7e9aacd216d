import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import { requestJson, requestVoid } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { TEST_TRAVELER } from '@varco/ui/testing';
import { renderSection } from '../../../testing/render-section';
import { PROFILE } from '../../../testing/traveler';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
// The browser's WebAuthn dialog: jsdom has none.
jest.mock('@simplewebauthn/browser', () => jest.requireActual('../../../testing/fake-webauthn'));
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);
const startRegistrationMock = jest.mocked(startRegistration);

const PHONE = {
  id: 7,
  name: 'My phone',
  createdAt: '2026-03-02T09:15:00Z',
  lastUsedAt: '2026-03-04T17:40:00Z',
  backedUp: true,
};
const KEY = { id: 8, name: 'Security key', createdAt: '2026-03-03T10:00:00Z', lastUsedAt: null, backedUp: false };
const OPTIONS = {
  challenge: 'c2lnbi1tZQ',
  rp: { name: 'Varco', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'mario.rossi@example.org', displayName: 'Mario Rossi' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
};
const CREDENTIAL = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
  clientExtensionResults: {},
};

/** The api as the profile sees it, with `passkeys` as the traveler's list (it changes as the test goes). */
function answer(state: { passkeys: unknown[] }) {
  requestJsonMock.mockImplementation(async (path: string, _schema, options?: { method?: string; json?: unknown }) => {
    if (path.endsWith('typology/COUNTRY')) return [{ code: 'US', description: 'United States' }];
    if (path.endsWith('typology/DOCUMENT_TYPE')) return [{ code: 'PASSPORT', description: 'Passport' }];
    if (path.endsWith('passkeys/registration-options')) return OPTIONS;
    if (path.endsWith('private/passkeys') && options?.method === 'POST') {
      const added = {
        id: 9,
        name: (options.json as { name: string }).name,
        createdAt: '2026-03-05T08:00:00Z',
        lastUsedAt: null,
        backedUp: false,
      };
      state.passkeys = [...state.passkeys, added];
      return added;
    }
    if (path.endsWith('private/passkeys')) return { passkeys: state.passkeys };
    return PROFILE;
  });
}

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
  startRegistrationMock.mockReset();
  Object.defineProperty(globalThis, 'PublicKeyCredential', {
    value: function PublicKeyCredential() {},
    configurable: true,
    writable: true,
  });
});

afterEach(() => {
  delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('the profile’s passkeys', () => {
  it('lists the passkeys with their name, when they were added and last used', async () => {
    answer({ passkeys: [PHONE, KEY] });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    expect(await screen.findByRole('heading', { level: 2, name: 'Passkeys' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('passkey-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('My phone');
    expect(items[0]).toHaveTextContent('Synced');
    expect(items[0]).toHaveTextContent('Added on Mar 2, 2026, 10:15 AM');
    expect(items[0]).toHaveTextContent('Last used on Mar 4, 2026, 6:40 PM');
    expect(items[1]).toHaveTextContent('Security key');
    expect(items[1]).toHaveTextContent('Not used yet');
    expect(items[1]).not.toHaveTextContent('Synced');
  });

  it('says in Italian when there is none yet', async () => {
    answer({ passkeys: [] });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER, language: 'it_IT' });
    expect(await screen.findByTestId('passkeys-empty')).toHaveTextContent('Non hai ancora aggiunto una passkey.');
    expect(screen.getByRole('button', { name: 'Aggiungi una passkey' })).toBeInTheDocument();
  });

  it('adds a passkey with its name: the options, the browser’s dialog, then the add', async () => {
    const state = { passkeys: [] as unknown[] };
    answer(state);
    startRegistrationMock.mockResolvedValue(CREDENTIAL as never);
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    const section = await screen.findByTestId('passkeys');
    await userEvent.type(within(section).getByLabelText(/^Name of the passkey/), '  Work laptop ');
    await userEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('The passkey “Work laptop” has been added.');
    expect(startRegistrationMock).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/passkeys', expect.anything(), {
      method: 'POST',
      json: { name: 'Work laptop', credential: CREDENTIAL },
    });
    expect(await within(section).findByTestId('passkey-item')).toHaveTextContent('Work laptop');
    expect(within(section).getByLabelText(/^Name of the passkey/)).toHaveValue('');
  });

  it('asks for a name before opening the browser’s dialog', async () => {
    answer({ passkeys: [] });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    const section = await screen.findByTestId('passkeys');
    await userEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(within(section).getByTestId('field-issue')).toHaveTextContent('This field cannot be empty');
    await userEvent.type(within(section).getByLabelText(/^Name of the passkey/), 'x'.repeat(51));
    await userEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(within(section).getByTestId('field-issue')).toHaveTextContent('Enter at most 50 characters');
    expect(startRegistrationMock).not.toHaveBeenCalled();
  });

  it('says so, translated, when the traveler cancels the browser’s dialog', async () => {
    answer({ passkeys: [] });
    startRegistrationMock.mockRejectedValue(
      Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }),
    );
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER, language: 'it_IT' });
    const section = await screen.findByTestId('passkeys');
    await userEvent.type(within(section).getByLabelText(/^Nome della passkey/), 'Telefono');
    await userEvent.click(within(section).getByRole('button', { name: 'Aggiungi una passkey' }));
    expect(await within(section).findByTestId('passkey-error')).toHaveTextContent(
      'La richiesta della passkey è stata annullata o è scaduta.',
    );
    expect(requestJsonMock).not.toHaveBeenCalledWith(
      'v1/private/passkeys',
      expect.anything(),
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('tells a browser without passkeys, without asking the api', async () => {
    delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    answer({ passkeys: [] });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    const section = await screen.findByTestId('passkeys');
    await userEvent.type(within(section).getByLabelText(/^Name of the passkey/), 'Laptop');
    await userEvent.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(await within(section).findByTestId('passkey-error')).toHaveTextContent(
      'This browser does not support passkeys',
    );
    expect(requestJsonMock).not.toHaveBeenCalledWith(
      'v1/private/passkeys/registration-options',
      expect.anything(),
      expect.anything(),
    );
  });

  it('removes a passkey only after the confirmation', async () => {
    const state = { passkeys: [PHONE, KEY] as unknown[] };
    answer(state);
    requestVoidMock.mockImplementation(async () => {
      state.passkeys = [KEY];
    });
    renderSection('edit-user', '/protected/edit-user', { user: TEST_TRAVELER });
    const [phone] = await screen.findAllByTestId('passkey-item');
    await userEvent.click(within(phone!).getByRole('button', { name: 'Remove' }));
    const confirmation = within(phone!).getByTestId('passkey-remove-confirmation');
    expect(confirmation).toHaveTextContent('Remove the passkey “My phone”?');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(requestVoidMock).not.toHaveBeenCalled();

    await userEvent.click(within(phone!).getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(phone!).getByRole('button', { name: 'Yes, remove it' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/private/passkeys/7', { method: 'DELETE' });
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(screen.getByTestId('passkey-item')).toHaveTextContent('Security key');
  });
});
