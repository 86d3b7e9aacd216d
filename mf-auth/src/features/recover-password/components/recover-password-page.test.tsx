import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestVoid } from '@varco/http';
import { httpError, notFound } from '@varco/ui/testing';
import { renderSection } from '../../../testing/render-section';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestVoid: jest.fn() }));
const requestVoidMock = jest.mocked(requestVoid);

beforeEach(() => requestVoidMock.mockReset());

describe('recover password (docs/screens.md, docs/domain.md)', () => {
  it('needs a valid, non-empty e-mail', async () => {
    const user = userEvent.setup();
    renderSection('recover-password', '/recover-password');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Recover your password');
    const email = screen.getByLabelText(/^E-mail/);
    await user.click(email);
    await user.tab();
    expect(screen.getByText('This field cannot be empty')).toBeInTheDocument();
    await user.type(email, 'mario.rossi@');
    await user.tab();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    // Longer than an address can be: the api would refuse it with the same words.
    await user.clear(email);
    await user.type(email, `${'m'.repeat(250)}@example.com`);
    await user.tab();
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(requestVoidMock).not.toHaveBeenCalled();
  });

  it('asks for the mail in the current language and says so', async () => {
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderSection('recover-password', '/recover-password', { language: 'it_IT' });
    await user.type(screen.getByLabelText(/^E-mail/), 'mario.rossi@example.org');
    await user.click(screen.getByRole('button', { name: 'Invia' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/public/traveler/send-change-pwd-token', {
      method: 'POST',
      json: { email: 'mario.rossi@example.org', lan: 'IT' },
    });
    expect(await screen.findByTestId('recover-sent')).toHaveTextContent('Richiesta ricevuta');
  });

  it('shows the server detail of an error', async () => {
    requestVoidMock.mockRejectedValue(notFound);
    const user = userEvent.setup();
    renderSection('recover-password', '/recover-password');
    await user.type(screen.getByLabelText(/^E-mail/), 'mario.rossi@example.org');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not Found');
  });

  it('puts the api message about the e-mail on the field', async () => {
    requestVoidMock.mockRejectedValue(
      httpError(400, 'Some data in the request is not valid.', { email: 'Address refused by the server' }),
    );
    const user = userEvent.setup();
    renderSection('recover-password', '/recover-password');
    const email = screen.getByLabelText(/^E-mail/);
    await user.type(email, 'mario.rossi@example.org');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Address refused by the server'));
  });
});
