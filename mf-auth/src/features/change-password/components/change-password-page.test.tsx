import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson, requestVoid } from '@varco/http';
import { sessionStore } from '@varco/session';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn(), requestVoid: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
});

describe('change password (SPEC §2, §5, §8)', () => {
  it.each(['/change-password', '/change-password?key1=abc', '/change-password?key2=def'])('goes home when a key is missing: %s', (route) => {
    renderSection('change-password', route);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(requestJsonMock).not.toHaveBeenCalled();
  });

  it('goes home with the server detail when the key check fails', async () => {
    requestJsonMock.mockRejectedValue({ status: 404, detail: 'Not Found', extra: {}, type: 'http-error' });
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().error).toMatchObject({ detail: 'Not Found' });
  });

  it('goes home with an explanation when the key is not valid', async () => {
    requestJsonMock.mockResolvedValue({ valid: false });
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(sessionStore.getState().error).toMatchObject({ detail: 'The link to change the password is not valid or has expired.' });
  });

  it('checks the new password and sends it with the keys', async () => {
    requestJsonMock.mockResolvedValue({ valid: true });
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSection('change-password', '/change-password?key1=abc&key2=def');
    expect(requestJsonMock).toHaveBeenCalledWith('v1/public/otp/validate', expect.anything(), { searchParams: { key1: 'abc', key2: 'def', type: 'PWD_REMEMBER_TOKEN' } });
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'short');
    await user.tab();
    expect(screen.getByText('The password must be at least 8 characters long')).toBeInTheDocument();
    await user.type(password, '-but-now-long');
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'something-else');
    await user.tab();
    expect(screen.getByText('The passwords are different')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirm the new password/));
    await user.type(screen.getByLabelText(/^Confirm the new password/), 'short-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/public/traveler/change-pwd', { method: 'PATCH', searchParams: { key1: 'abc', key2: 'def' }, json: { newPwd: 'short-but-now-long' } });
    expect(await screen.findByTestId('password-changed')).toHaveTextContent('Your password has been changed.');
  });
});
