import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson, requestVoid } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { sessionStore } from '@varco/session';
import { httpError, notFound } from '@varco/ui/testing';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
});

describe('change password (docs/screens.md, docs/domain.md, docs/calls.md)', () => {
  it.each(['/change-password', '/change-password?key1=abc', '/change-password?key2=def'])(
    'goes home when a key is missing: %s',
    (route) => {
      renderSection('change-password', route);
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
      expect(requestJsonMock).not.toHaveBeenCalled();
    },
  );

  it('goes home with the server detail when the key check fails', async () => {
    requestJsonMock.mockRejectedValue(notFound);
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().error).toMatchObject({ detail: 'Not Found' });
  });

  it('goes home with an explanation when the key is not valid', async () => {
    requestJsonMock.mockResolvedValue({ valid: false });
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().error).toMatchObject({
      detail: 'The link to change the password is not valid or has expired.',
    });
  });

  it('goes home with the same explanation, without a check, when a key holds a control character', async () => {
    renderSection('change-password', '/change-password?key1=%00&key2=def');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().error).toMatchObject({
      detail: 'The link to change the password is not valid or has expired.',
    });
    expect(requestJsonMock).not.toHaveBeenCalled();
  });

  it('checks the new password and sends it with the keys', async () => {
    requestJsonMock.mockResolvedValue({ valid: true });
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/public/otp/validate', expect.anything(), {
      searchParams: { key1: 'abc', key2: 'def', type: 'PWD_REMEMBER_TOKEN' },
    });
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'Short-1');
    await user.tab();
    expect(password).toHaveAccessibleDescription(
      /^At least 8 characters.* The password must be at least 8 characters long, with characters of at least three types/,
    );
    await user.type(password, '-but-now-long');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'something-else');
    await user.tab();
    expect(screen.getByText('The passwords are different')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirm the new password/));
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'Short-1-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/public/traveler/change-pwd', {
      method: 'PATCH',
      searchParams: { key1: 'abc', key2: 'def' },
      json: { newPwd: 'Short-1-but-now-long' },
    });
    expect(await screen.findByTestId('password-changed')).toHaveTextContent('Your password has been changed.');
  });

  it.each([
    [
      'en_US',
      'abcdefgh',
      'The password must be at least 8 characters long, with characters of at least three types: uppercase, lowercase, digits, special characters',
    ],
    [
      'it_IT',
      'abcdefgh',
      'La password deve contenere almeno 8 caratteri, di almeno tre tipi: maiuscole, minuscole, cifre, caratteri speciali',
    ],
  ] as const)('refuses a weak password on blur with the registration rule (%s)', async (language, weak, message) => {
    requestJsonMock.mockResolvedValue({ valid: true });
    const user = userEvent.setup();
    renderSection('change-password', '/change-password?key1=abc&key2=def', { language });
    const password = await screen.findByLabelText(/^(New password|Nuova password)/);
    await user.type(password, weak);
    await user.tab();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(message)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^(Confirm the new password|Conferma)/), weak);
    await user.click(screen.getByRole('button', { name: /^(Change password|Cambia password)$/ }));
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('puts the api message about the password on the password field', async () => {
    requestJsonMock.mockResolvedValue({ valid: true });
    requestVoidMock.mockRejectedValue(
      httpError(400, 'Some data in the request is not valid.', { newPwd: 'Password refused by the server' }),
    );
    const user = userEvent.setup();
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'Strong-Pass-1');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'Strong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(/Password refused by the server$/);
    expect(screen.getByRole('alert')).toHaveTextContent('Some data in the request is not valid.');
  });
});
