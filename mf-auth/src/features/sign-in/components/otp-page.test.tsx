import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { renderSection } from '../../../testing/render-section';
import { PROFILE } from '../../../testing/traveler';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

function answer(path: string) {
  if (path.endsWith('/send-otp'))
    return Promise.resolve({ expirationDate: new Date(Date.now() + 90_000).toISOString() });
  if (path.endsWith('/user-info')) return Promise.resolve(PROFILE);
  return Promise.reject({ status: 404, detail: 'Not Found', extra: {}, type: 'http-error' });
}

beforeEach(() => {
  requestJsonMock.mockReset();
  sessionStore.getState().clearSession();
});

describe('OTP step (docs/screens.md /sign-in/otp)', () => {
  it('sends a code on opening and shows its validity as mm:ss', async () => {
    requestJsonMock.mockImplementation((path) => answer(path));
    renderSection('sign-in', '/sign-in/otp');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Verification code');
    expect(await screen.findByText(/^The code expires in 01:(30|29)$/)).toBeInTheDocument();
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/traveler/send-otp', expect.anything(), {
      method: 'POST',
      searchParams: { language: 'EN' },
    });
    expect(requestJsonMock).toHaveBeenCalledTimes(1);
  });

  it('announces the code sent and its expiry with the resend offer, not every second of the countdown', async () => {
    jest.useFakeTimers();
    try {
      requestJsonMock.mockImplementation((path) => answer(path));
      renderSection('sign-in', '/sign-in/otp');
      await act(async () => {
        await Promise.resolve();
      });
      const announced = screen.getByTestId('otp-announced');
      expect(announced).toHaveAttribute('aria-live', 'polite');
      expect(announced).toHaveTextContent('A code has been sent to you.');
      expect(screen.getByText(/^The code expires in/).closest('[aria-live]')).toBeNull();
      act(() => jest.advanceTimersByTime(91_000));
      expect(announced).toHaveTextContent('The code has expired: ask for a new one.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('after a reload within the validity, keeps the code already mailed: its expiry is saved, not the code', async () => {
    requestJsonMock.mockImplementation((path) => answer(path));
    sessionStore.getState().setOtp(null, new Date(Date.now() + 60_000).toISOString());
    expect(JSON.parse(localStorage.getItem('varco-session') ?? '{}').state.otpExpiration).toBeTruthy();
    renderSection('sign-in', '/sign-in/otp');
    expect(await screen.findByText(/^The code expires in (01:00|00:59)$/)).toBeInTheDocument();
    expect(requestJsonMock).not.toHaveBeenCalled();
  });

  it('offers a new code once the code has expired', async () => {
    jest.useFakeTimers();
    try {
      requestJsonMock.mockImplementation((path) => answer(path));
      renderSection('sign-in', '/sign-in/otp');
      await act(async () => {
        await Promise.resolve();
      });
      act(() => jest.advanceTimersByTime(91_000));
      expect(screen.getByText('The code has expired: ask for a new one.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      act(() => screen.getByRole('button', { name: 'Send a new code' }).click());
      await act(async () => {
        await Promise.resolve();
      });
      expect(requestJsonMock).toHaveBeenCalledTimes(2);
      expect(screen.getByText(/^The code expires in 01:(30|29)$/)).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('requires a non-empty code, checked on blur', async () => {
    requestJsonMock.mockImplementation((path) => answer(path));
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/otp');
    await user.click(screen.getByLabelText(/^Code/));
    await user.tab();
    expect(screen.getByText('This field cannot be empty')).toBeInTheDocument();
  });

  it('presents the code in its header and signs the traveler in', async () => {
    requestJsonMock.mockImplementation((path) => answer(path));
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/otp');
    await screen.findByText(/^The code expires in/);
    await user.type(screen.getByLabelText(/^Code/), ' 918273 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(requestJsonMock).toHaveBeenCalledWith('v1/private/traveler/user-info', expect.anything(), {
      headers: { 'x-otp': '918273' },
    });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected'));
    expect(sessionStore.getState()).toMatchObject({
      user: { numeroDocumento: 'YA1234567', nome: 'Mario', cognome: 'Rossi' },
      visaCreationEnabled: true,
    });
    // The session is full on the server: the code is forgotten, and was never written to the browser's storage.
    expect(sessionStore.getState()).toMatchObject({ otp: null, otpExpiration: null });
    expect(localStorage.getItem('varco-session')).not.toContain('918273');
  });

  it('says the code is wrong when the server refuses it, and forgets it', async () => {
    requestJsonMock.mockImplementation((path) =>
      path.endsWith('/user-info')
        ? Promise.reject({ status: 400, detail: '', extra: {}, type: 'http-error' })
        : answer(path),
    );
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/otp');
    await screen.findByText(/^The code expires in/);
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP incorrect: enter the correct code.');
    expect(sessionStore.getState().otp).toBeNull();
    expect(sessionStore.getState().user).toEqual({});
  });

  it('after too many wrong codes, offers a new code, and the new code signs in', async () => {
    const locked = { status: 401, detail: 'Too many wrong codes: request a new one.', extra: {}, type: 'http-error' };
    let codesSent = 0;
    requestJsonMock.mockImplementation((path, _schema, options) => {
      if (path.endsWith('/send-otp')) codesSent += 1;
      // The first code is locked whatever is typed; only the second one is good.
      if (path.endsWith('/user-info'))
        return codesSent === 2 && options?.headers && (options.headers as Record<string, string>)['x-otp'] === '246810'
          ? answer(path)
          : Promise.reject(locked);
      return answer(path);
    });
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/otp');
    await screen.findByText(/^The code expires in/);
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '135791');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes: request a new one.');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(codesSent).toBe(2);
    expect(screen.getByText('A code has been sent to you.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/protected'));
  });

  it('offers the new code in Italian too', async () => {
    requestJsonMock.mockImplementation((path) =>
      path.endsWith('/user-info')
        ? Promise.reject({
            status: 401,
            detail: 'Troppi codici errati: richiedine uno nuovo.',
            extra: {},
            type: 'http-error',
          })
        : answer(path),
    );
    const user = userEvent.setup();
    renderSection('sign-in', '/sign-in/otp', { language: 'it_IT' });
    await screen.findByText(/^Il codice scade/);
    await user.type(screen.getByLabelText(/^Codice/), '135791');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Troppi codici errati: richiedine uno nuovo.');
    expect(screen.getByRole('button', { name: 'Invia un nuovo codice' })).toBeEnabled();
  });

  it('shows the detail when the code cannot be sent', async () => {
    requestJsonMock.mockRejectedValue({ status: 404, detail: 'Not Found', extra: {}, type: 'http-error' });
    renderSection('sign-in', '/sign-in/otp');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not Found');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
  });
});
