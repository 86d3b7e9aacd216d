import { act, screen } from '@testing-library/react';
import { sessionStore } from '@varco/session';
import { renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import '../testing/test-config';
import { Header } from '../layout/header';
import { startKeepAlive } from './keep-alive';

const requestVoid = jest.fn();
jest.mock('./api-client', () => ({ apiClient: async () => ({ requestVoid }) }));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(async () => ({ default: () => <a href="/protected/notifications">bell widget</a> })),
}));

const beats = () => requestVoid.mock.calls.filter(([path]) => path === 'v1/private/visa/area');

beforeEach(() => {
  requestVoid.mockReset();
  requestVoid.mockResolvedValue(undefined);
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('keep-alive (docs/calls.md: PUT /visa/area every 30 s while signed in)', () => {
  it('beats every 30 seconds while the header shows a signed-in traveler, and stops on sign-out', async () => {
    renderWithProviders(<Header />, { user: TEST_TRAVELER });
    expect(await screen.findByTestId('avatar')).toBeInTheDocument();
    expect(beats()).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(29_000));
    expect(beats()).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(beats()).toHaveLength(1);
    expect(requestVoid).toHaveBeenCalledWith('v1/private/visa/area', { method: 'put' });
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(beats()).toHaveLength(3);

    act(() => sessionStore.getState().clearSession());
    expect(screen.getByTestId('sign-in-link')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(beats()).toHaveLength(3);
  });

  it('never beats for a signed-out visitor', async () => {
    renderWithProviders(<Header />);
    await act(() => jest.advanceTimersByTimeAsync(120_000));
    expect(beats()).toHaveLength(0);
  });

  it('keeps quiet about failures and goes on beating', async () => {
    sessionStore.getState().setUser(TEST_TRAVELER);
    sessionStore.getState().setError(null);
    const beat = jest
      .fn()
      .mockRejectedValue({ status: 503, detail: 'Service Unavailable', extra: {}, type: 'http-error' });
    const stop = startKeepAlive(beat);
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(beat).toHaveBeenCalledTimes(2);
    expect(sessionStore.getState().error).toBeNull();
    stop();
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(beat).toHaveBeenCalledTimes(2);
  });

  it('skips a beat when the session ended before the component unmounted', async () => {
    sessionStore.getState().setUser(TEST_TRAVELER);
    const beat = jest.fn().mockResolvedValue(undefined);
    const stop = startKeepAlive(beat);
    sessionStore.getState().clearSession();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(beat).not.toHaveBeenCalled();
    stop();
  });
});
