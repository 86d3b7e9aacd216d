import { screen, waitFor } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { renderSection } from '../../../testing/render-section';
import { FIRST_TIME_IDENTITY, PROFILE } from '../../../testing/traveler';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

/** A traveler who completed the registration before, not the test traveler: what the session holds comes from user-info. */
const RETURNING = {
  ...PROFILE,
  nome: 'Anna',
  cognome: 'Neri',
  numeroDocumento: 'YA7654321',
  visaCreationEnabled: false,
  identityProvider: 'SPID',
};

beforeEach(() => {
  requestJsonMock.mockReset();
  sessionStore.getState().clearSession();
});

describe('return from the digital identity provider (docs/screens.md /sign-in/spid)', () => {
  it('reads user-info into the signed-out session and opens the home page', async () => {
    requestJsonMock.mockResolvedValue(RETURNING);
    renderSection('sign-in', '/sign-in/spid');
    expect(screen.getByText('Signing you in…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/protected$/));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/traveler/user-info', expect.anything());
    expect(sessionStore.getState()).toMatchObject({
      user: { numeroDocumento: 'YA7654321', nome: 'Anna', cognome: 'Neri' },
      visaCreationEnabled: false,
    });
  });

  it('sends a first-time identity, with no travel document yet, to complete the registration, still signed out', async () => {
    requestJsonMock.mockResolvedValue(FIRST_TIME_IDENTITY);
    renderSection('sign-in', '/sign-in/spid', { language: 'it_IT' });
    expect(screen.getByText('Accesso in corso…')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in\/spid\/activate$/));
    expect(sessionStore.getState().user).toEqual({});
  });

  it('sends the traveler back to sign in when the api knows no session', async () => {
    requestJsonMock.mockRejectedValue({ status: 401, detail: 'Sign in to continue.', extra: {}, type: 'http-error' });
    renderSection('sign-in', '/sign-in/spid');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in\?error=spid$/));
    expect(await screen.findByTestId('spid-error')).toHaveTextContent(
      'The sign-in with the digital identity did not complete. Please try again.',
    );
    expect(sessionStore.getState().user).toEqual({});
  });
});
