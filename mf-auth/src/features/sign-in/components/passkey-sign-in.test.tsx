import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { requestJson, requestVoid } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { sessionStore } from '@varco/session';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
// The browser's WebAuthn dialog: jsdom has none.
jest.mock('@simplewebauthn/browser', () => jest.requireActual('../../../testing/fake-webauthn'));
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);
const startAuthenticationMock = jest.mocked(startAuthentication);

const OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const USER_INFO = {
  nome: 'Mario',
  cognome: 'Rossi',
  numeroDocumento: 'YA1234567',
  visaCreationEnabled: true,
  email: 'mario.rossi@example.org',
};

/** A browser with WebAuthn; `autofill`: whether it offers passkeys in the autofill (conditional mediation). */
function browserWithPasskeys(autofill: boolean) {
  const PublicKeyCredential = Object.assign(function PublicKeyCredential() {}, {
    isConditionalMediationAvailable: () => Promise.resolve(autofill),
  });
  Object.defineProperty(globalThis, 'PublicKeyCredential', {
    value: PublicKeyCredential,
    configurable: true,
    writable: true,
  });
}

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
  startAuthenticationMock.mockReset();
  requestJsonMock.mockImplementation(async (path: string) => (path.endsWith('passkey/options') ? OPTIONS : USER_INFO));
  sessionStore.getState().clearSession();
});

afterEach(() => {
  delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('sign-in with a passkey', () => {
  it('signs in with one step into the traveler’s home, without the OTP page', async () => {
    browserWithPasskeys(false);
    startAuthenticationMock.mockResolvedValue(ASSERTION as never);
    renderSection('sign-in', '/sign-in');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected'));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/auth/passkey/options', expect.anything(), { method: 'POST' });
    expect(startAuthenticationMock).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false });
    expect(requestVoidMock).toHaveBeenCalledWith('v1/auth/passkey/verify', {
      method: 'POST',
      json: { credential: ASSERTION },
    });
    expect(sessionStore.getState().user).toEqual({ numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' });
  });

  it('shows the api’s refusal of a removed passkey', async () => {
    browserWithPasskeys(false);
    startAuthenticationMock.mockResolvedValue(ASSERTION as never);
    const detail =
      'This passkey is not registered for any account (it may have been removed): sign in with your e-mail and password.';
    requestVoidMock.mockRejectedValue({ status: 401, detail, extra: {}, type: 'http-error' });
    renderSection('sign-in', '/sign-in');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.getByTestId('where')).toHaveTextContent('/sign-in');
  });

  it('says so, in Italian, when the traveler closes the browser’s dialog', async () => {
    browserWithPasskeys(false);
    startAuthenticationMock.mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    renderSection('sign-in', '/sign-in', { language: 'it_IT' });
    await userEvent.click(screen.getByRole('button', { name: 'Accedi con una passkey' }));
    expect(await screen.findByTestId('passkey-error')).toHaveTextContent(
      'La richiesta della passkey è stata annullata o è scaduta.',
    );
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('tells a browser without passkeys, without asking the api', async () => {
    renderSection('sign-in', '/sign-in');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByTestId('passkey-error')).toHaveTextContent('This browser does not support passkeys');
    expect(requestJsonMock).not.toHaveBeenCalled();
  });

  it('offers the passkeys in the e-mail field’s autofill where the browser can, and keeps quiet when the button takes over', async () => {
    browserWithPasskeys(true);
    // The autofill request waits for the traveler; the button's own ceremony aborts it, as the library does.
    let abortAutofill: (error: Error) => void = () => {};
    startAuthenticationMock.mockImplementationOnce(() => new Promise((_resolve, reject) => (abortAutofill = reject)));
    startAuthenticationMock.mockImplementationOnce(async () => {
      abortAutofill(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      return ASSERTION as never;
    });
    renderSection('sign-in', '/sign-in');
    await waitFor(() =>
      expect(startAuthenticationMock).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected'));
    expect(screen.queryByTestId('passkey-error')).not.toBeInTheDocument();
  });

  it('signs in from the autofill when the traveler picks a passkey there', async () => {
    browserWithPasskeys(true);
    startAuthenticationMock.mockResolvedValue(ASSERTION as never);
    renderSection('sign-in', '/sign-in');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected'));
    expect(startAuthenticationMock).toHaveBeenCalledTimes(1);
    expect(startAuthenticationMock).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: true });
  });
});
