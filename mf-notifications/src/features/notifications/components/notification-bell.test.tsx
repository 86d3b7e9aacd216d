import { act, screen, waitFor } from '@testing-library/react';
import { requestJson } from '@varco/http';
import { sessionStore } from '@varco/session';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';
import { renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import { registerTranslations } from '../../../i18n/namespace';
import { NotificationBell } from './notification-bell';

jest.mock('@varco/http', () => ({ ...jest.requireActual('@varco/http'), requestJson: jest.fn() }));
const requestJsonMock = jest.mocked(requestJson);

registerTranslations();

const COUNT_PATH = 'v1/private/notifications/count';
const countCalls = () => requestJsonMock.mock.calls.filter(([path]) => path === COUNT_PATH).length;

/** Answers the count calls with the given counters in turn, the last one for ever. */
function counters(...values: number[]) {
  let call = 0;
  requestJsonMock.mockImplementation((path) => {
    if (path !== COUNT_PATH) return Promise.reject(new Error(`unexpected call ${path}`));
    const counter = values[Math.min(call, values.length - 1)];
    call += 1;
    return Promise.resolve({ counter });
  });
}

function renderBell(language: 'en_US' | 'it_IT' = 'en_US') {
  return renderWithProviders(<NotificationBell />, { user: TEST_TRAVELER, language });
}

beforeEach(() => requestJsonMock.mockReset());
afterEach(() => jest.useRealTimers());

describe('notification bell (docs/screens.md Header)', () => {
  it('links to the notifications and shows no badge when nothing is unread', async () => {
    counters(0);
    const { queryClient } = renderBell();
    const bell = screen.getByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/protected/notifications');
    expect(requestJsonMock).toHaveBeenCalledWith(COUNT_PATH, expect.anything());
    // Let the answer arrive and the bell render it.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-count')).not.toBeInTheDocument();
  });

  it('shows a red badge with the unread count, and says it', async () => {
    counters(3);
    renderBell();
    const bell = await screen.findByRole('link', { name: '3 unread notifications' });
    expect(bell).toHaveAttribute('href', '/protected/notifications');
    const badge = screen.getByTestId('bell-count');
    expect(badge).toHaveTextContent(/^3$/);
    expect(badge).toHaveClass('bg-danger');
    expect(badge).toHaveAttribute('aria-hidden', 'true');
  });

  it('speaks of one notification in the singular, and Italian in Italian', async () => {
    counters(1);
    const { unmount } = renderBell();
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    unmount();
    counters(2);
    renderBell('it_IT');
    expect(await screen.findByRole('link', { name: '2 notifiche non lette' })).toBeInTheDocument();
  });

  it('caps the badge at 99+', async () => {
    counters(120);
    renderBell();
    expect(await screen.findByRole('link', { name: 'More than 99 unread notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-count')).toHaveTextContent(/^99\+$/);
  });

  it('shows 99 as it is', async () => {
    counters(99);
    renderBell();
    expect(await screen.findByRole('link', { name: '99 unread notifications' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-count')).toHaveTextContent(/^99$/);
  });

  it('asks for the count every 15 seconds', async () => {
    jest.useFakeTimers();
    counters(1, 2, 5);
    renderBell();
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    expect(countCalls()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(14_000));
    expect(countCalls()).toBe(1);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(countCalls()).toBe(2);
    expect(screen.getByRole('link', { name: '2 unread notifications' })).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(countCalls()).toBe(3);
    expect(screen.getByTestId('bell-count')).toHaveTextContent(/^5$/);
  });

  it('announces the count when it changes, politely, and not the first one', async () => {
    jest.useFakeTimers();
    counters(1, 2, 0);
    renderBell();
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    const announcer = screen.getByRole('status');
    expect(announcer).toBeEmptyDOMElement();
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(announcer).toHaveTextContent('2 unread notifications');
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(announcer).toHaveTextContent('No unread notifications');
  });

  it('has the pages that follow notifications loaded again when a new one arrives, not when one is read', async () => {
    jest.useFakeTimers();
    counters(1, 2, 1);
    const { queryClient } = renderBell();
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: ['visa', 'shown', 7, 'en_US'], meta: FOLLOWS_NOTIFICATIONS });
    queryClient.setQueryData(['visa', 'shown', 7, 'en_US'], 'a request as shown before its scan');
    queryClient.setQueryData(['visa', 'typology', 'airports', 'en_US'], 'a lookup no notification changes');
    const stale = () =>
      queryClient
        .getQueryCache()
        .findAll({ stale: true })
        .map((query) => query.queryKey[1]);
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    expect(stale()).not.toContain('shown');
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(screen.getByRole('link', { name: '2 unread notifications' })).toBeInTheDocument();
    expect(stale()).toContain('shown');
    expect(stale()).not.toContain('typology');

    queryClient.setQueryData(['visa', 'shown', 7, 'en_US'], 'the request after its scan');
    await act(() => jest.advanceTimersByTimeAsync(15_000));
    expect(screen.getByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    expect(stale()).not.toContain('shown');
  });

  it('stops asking once signed out', async () => {
    jest.useFakeTimers();
    counters(1);
    renderBell();
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    act(() => sessionStore.getState().clearSession());
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(countCalls()).toBe(1);
  });
});
