import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestVoid } from '@varco/http';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestVoid: jest.fn() }));
const requestVoidMock = jest.mocked(requestVoid);

beforeEach(() => requestVoidMock.mockReset());

describe('sign-in page (docs/screens.md, docs/domain.md)', () => {
  it('offers the two methods', () => {
    renderSection('sign-in', '/sign-in');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByRole('heading', { level: 2, name: 'With e-mail and password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with the digital identity' })).toHaveAttribute(
      'href',
      'http://localhost/api/v1/auth/login-spid',
    );
  });

  it('asks for the e-mail address, which is the username, in both languages', () => {
    const { unmount } = renderSection('sign-in', '/sign-in');
    const email = screen.getByLabelText(/^E-mail/);
    expect(email).toHaveAttribute('type', 'email');
    // 'webauthn': the browser may offer the traveler's passkeys in this field's autofill.
    expect(email).toHaveAttribute('autocomplete', 'username webauthn');
    expect(screen.queryByLabelText(/Username/)).not.toBeInTheDocument();
    unmount();
    renderSection('sign-in', '/sign-in', { language: 'it_IT' });
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('type', 'email');
    expect(screen.queryByLabelText(/Nome utente/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Con e-mail e password' })).toBeInTheDocument();
  });

  it('says so when the digital identity sign-in came back with an error', () => {
    renderSection('sign-in', '/sign-in?error=spid', { language: 'it_IT' });
    expect(screen.getByTestId('spid-error')).toHaveTextContent('non è andato a buon fine');
  });

  it('shows no digital identity error on a plain visit', () => {
    renderSection('sign-in', '/sign-in');
    expect(screen.queryByTestId('spid-error')).not.toBeInTheDocument();
  });

  it('checks each field when it loses focus, with translated messages', async () => {
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in');
    const username = screen.getByLabelText(/^E-mail/);
    await user.click(username);
    expect(screen.queryByText('This field cannot be empty')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText('This field cannot be empty')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('This field cannot be empty');

    await user.type(username, 'm');
    await user.tab();
    expect(screen.getByText('Enter at least 2 characters')).toBeInTheDocument();
    await user.type(username, 'r');
    // The form re-checks the field as it is corrected; the schema's check settles after the keystroke.
    await waitFor(() => expect(screen.queryByText('Enter at least 2 characters')).not.toBeInTheDocument());
    expect(username).not.toHaveAttribute('aria-invalid');
  });

  it('speaks Italian', async () => {
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in', { language: 'it_IT' });
    await user.click(screen.getByLabelText(/^Password/));
    await user.tab();
    expect(screen.getByText('Il campo non può essere vuoto')).toBeInTheDocument();
  });

  it('checks every field on submit and calls nothing while one is wrong', async () => {
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field cannot be empty')).toHaveLength(2);
    expect(screen.getByLabelText(/^E-mail/)).toHaveFocus();
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('sends the credentials and goes to the OTP step', async () => {
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in');
    await user.type(screen.getByLabelText(/^E-mail/), 'mario.rossi');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/auth/login-custom', {
      method: 'POST',
      json: { username: 'mario.rossi', password: 'Secret-123' },
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/sign-in/otp'));
  });

  it('shows the server detail when the call fails, and the generic error without one', async () => {
    requestVoidMock.mockRejectedValueOnce({ status: 404, detail: 'Not Found', extra: {}, type: 'http-error' });
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in');
    await user.type(screen.getByLabelText(/^E-mail/), 'mario.rossi');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not Found');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in$/);

    requestVoidMock.mockRejectedValueOnce({ status: 401, detail: '', extra: {}, type: 'http-error' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Username or password wrong')).toBeInTheDocument();
  });
});
