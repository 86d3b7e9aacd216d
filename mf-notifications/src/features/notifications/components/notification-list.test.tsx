import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestJson, requestVoid } from '@varco/http';
import type { HttpTesting } from '@varco/http/testing';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { i18n } from '@varco/i18n';
import { renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import { aNotification, notificationsFrom, renderNotifications, serverError } from '../../../testing/fixtures';
import { NotificationList } from './notification-list';

jest.mock('@varco/http', () => jest.requireActual<HttpTesting>('@varco/http/testing').mockedRequests());
const requestJsonMock = jest.mocked(requestJson);
const requestVoidMock = jest.mocked(requestVoid);

const LIST_PATH = 'v1/private/notifications';
const COUNT_PATH = 'v1/private/notifications/count';
const callsTo = (wanted: string) => requestJsonMock.mock.calls.filter(([path]) => path === wanted);

type ListAnswer = (page: number, language: string) => unknown;

/** The list answers with `list(page, language)`; the count with the given counters in turn. */
function answer(list: ListAnswer, ...counters: number[]) {
  let countCall = 0;
  requestJsonMock.mockImplementation((path, _schema, options) => {
    if (path === COUNT_PATH) {
      const counter = counters[Math.min(countCall, counters.length - 1)] ?? 0;
      countCall += 1;
      return Promise.resolve({ counter });
    }
    const { page, language } = options?.searchParams as { page: number; language: string };
    const result = list(page, language);
    return result instanceof Error || (result as { status?: number }).status
      ? Promise.reject(result)
      : Promise.resolve(result);
  });
}

beforeEach(() => {
  requestJsonMock.mockReset();
  requestVoidMock.mockReset();
});

describe('notification list (docs/screens.md /protected/notifications)', () => {
  it('shows 30 notifications, and Show more appends the next page', async () => {
    answer((page) =>
      page === 0
        ? { notifications: notificationsFrom(1, 30), links: { totalItems: 35 } }
        : { notifications: notificationsFrom(31, 5), links: { totalItems: 35 } },
    );
    const user = userEvent.setup();
    renderNotifications();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Notifications');
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(30);
    expect(requestJsonMock).toHaveBeenCalledWith(LIST_PATH, expect.anything(), {
      searchParams: { page: 0, limit: 30, language: 'EN' },
    });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(35));
    expect(requestJsonMock).toHaveBeenLastCalledWith(LIST_PATH, expect.anything(), {
      searchParams: { page: 1, limit: 30, language: 'EN' },
    });
    const items = screen.getAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('Message 1');
    expect(items[34]).toHaveTextContent('Message 35');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('marks unread notifications, for the eye and for screen readers, and offers Mark as read only on them', async () => {
    answer(
      () => ({
        notifications: [
          aNotification({ id: 1, tipoNotifica: { messaggio: 'Visa approved' } }),
          aNotification({ id: 2, dataLettura: '2025-03-15T08:00:00Z', tipoNotifica: { messaggio: 'Invoice issued' } }),
        ],
        links: { totalItems: 2 },
      }),
      1,
    );
    renderNotifications();
    const [unread, read] = (await screen.findAllByTestId('notification-item')) as [HTMLElement, HTMLElement];
    expect(unread).toHaveAttribute('data-unread', 'true');
    expect(unread).toHaveClass('border-primary');
    expect(within(unread).getByText('Unread')).toBeVisible();
    expect(within(unread).getByText('Visa approved')).toHaveClass('fw-bold');
    expect(within(unread).getByRole('button', { name: 'Mark as read' })).toHaveAccessibleDescription('Visa approved');
    expect(read).toHaveAttribute('data-unread', 'false');
    expect(within(read).getByText('Read')).toHaveClass('visually-hidden');
    expect(within(read).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);
  });

  it('marks a notification as read: PUT, the item shows read, the bell counts one less at once', async () => {
    // A count asked right after the change could come from an api instance that has not heard of it yet: still 2.
    answer(
      () => ({ notifications: [aNotification({ id: 5 }), aNotification({ id: 6 })], links: { totalItems: 2 } }),
      2,
    );
    requestVoidMock.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderNotifications();
    expect(await screen.findByRole('link', { name: '2 unread notifications' })).toBeInTheDocument();
    const [first] = (await screen.findAllByTestId('notification-item')) as [HTMLElement];
    await user.click(within(first).getByRole('button', { name: 'Mark as read' }));
    expect(requestVoidMock).toHaveBeenCalledWith('v1/private/notifications/5', { method: 'put' });
    await waitFor(() => expect(first).toHaveAttribute('data-unread', 'false'));
    expect(within(first).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(within(first).queryByText('Unread')).not.toBeInTheDocument();
    expect(first).toHaveFocus();
    // Said politely, with the focus left on the notification.
    expect(screen.getByTestId('read-announcer')).toHaveTextContent(
      'Marked as read: Your visa request RQ-2025-0007 was approved.',
    );
    expect(await screen.findByRole('link', { name: '1 unread notification' })).toBeInTheDocument();
    // Not asked again at once (the next poll asks): an instance's stale answer would put the badge back to 2.
    expect(callsTo(COUNT_PATH)).toHaveLength(1);
    // The list itself is not loaded again: the item was updated in place.
    expect(callsTo(LIST_PATH)).toHaveLength(1);
    expect(screen.getAllByTestId('notification-item')[1]).toHaveAttribute('data-unread', 'true');
  });

  it('says so when a notification cannot be marked as read, and keeps it unread', async () => {
    answer(() => ({ notifications: [aNotification({ id: 5 })], links: { totalItems: 1 } }), 1);
    requestVoidMock.mockRejectedValue(serverError);
    const user = userEvent.setup();
    renderNotifications();
    const item = await screen.findByTestId('notification-item');
    await user.click(within(item).getByRole('button', { name: 'Mark as read' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('The notification could not be marked as read.');
    expect(item).toHaveAttribute('data-unread', 'true');
    expect(screen.getByTestId('read-announcer')).toBeEmptyDOMElement();
  });

  it('shows the empty state on an empty answer', async () => {
    answer(() => ({ notifications: [], links: { totalItems: 0 } }));
    renderNotifications();
    expect(await screen.findByTestId('empty-notifications')).toHaveTextContent('No notifications found');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows the load failure when the call fails', async () => {
    answer(() => serverError);
    renderNotifications('/protected/notifications', 'it_IT');
    expect(await screen.findByText('Non è stato possibile caricare le notifiche.')).toHaveAttribute('role', 'alert');
  });

  it('keeps the loaded notifications when Show more fails, and says so', async () => {
    answer((page) =>
      page === 0 ? { notifications: notificationsFrom(1, 30), links: { totalItems: 35 } } : serverError,
    );
    const user = userEvent.setup();
    renderNotifications();
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('More notifications could not be loaded. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getAllByTestId('notification-item')).toHaveLength(30);
    expect(screen.getByRole('button', { name: 'Show more' })).toBeEnabled();
  });

  it('writes the dates in the reader’s language, as the hour in Italy', async () => {
    answer(() => ({ notifications: [aNotification()], links: { totalItems: 1 } }));
    const { unmount } = renderNotifications('/protected/notifications', 'en_US');
    expect(await screen.findByText('Received on Mar 14, 2025 at 10:05')).toBeInTheDocument();
    unmount();
    renderNotifications('/protected/notifications', 'it_IT');
    expect(await screen.findByText('Ricevuta il 14 mar 2025 alle 10:05')).toBeInTheDocument();
  });

  it('sends the language, and loads the messages again when the language changes', async () => {
    answer((_page, language) => ({
      notifications: [
        aNotification({ tipoNotifica: { messaggio: language === 'IT' ? 'Visto approvato' : 'Visa approved' } }),
      ],
      links: { totalItems: 1 },
    }));
    renderNotifications();
    expect(await screen.findByText('Visa approved')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('it_IT'));
    expect(await screen.findByText('Visto approvato')).toBeInTheDocument();
    expect(requestJsonMock).toHaveBeenLastCalledWith(LIST_PATH, expect.anything(), {
      searchParams: { page: 0, limit: 30, language: 'IT' },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Notifiche');
  });

  it('Back to the list finds as many notifications as Show more loaded, even once the cache has let them go', async () => {
    answer((page) =>
      page === 0
        ? { notifications: notificationsFrom(1, 30), links: { totalItems: 35 } }
        : { notifications: notificationsFrom(31, 5), links: { totalItems: 35 } },
    );
    function AwayAndBack() {
      const navigate = useNavigate();
      return (
        <>
          <Link to="/protected">Away</Link>
          <button type="button" onClick={() => navigate(-1)}>
            Browser back
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(
      <>
        <AwayAndBack />
        <Routes>
          <Route path="/protected/notifications" element={<NotificationList />} />
          <Route path="*" element={null} />
        </Routes>
      </>,
      { route: '/protected/notifications', user: TEST_TRAVELER },
    );
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(35));

    await user.click(screen.getByRole('link', { name: 'Away' }));
    expect(screen.queryByTestId('notification-item')).not.toBeInTheDocument();
    queryClient.clear();
    requestJsonMock.mockClear();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(35));
    expect(callsTo(LIST_PATH).map(([, , options]) => (options?.searchParams as { page: number }).page)).toEqual([0, 1]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});
