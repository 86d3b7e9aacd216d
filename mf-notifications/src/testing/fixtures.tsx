import { Route, Routes } from 'react-router-dom';
import type { Language, Notification } from '@varco/contracts';
import { httpError, renderWithProviders, TEST_TRAVELER } from '@varco/ui/testing';
import Bell from '../exposed/bell';
import NotificationsRoutes from '../exposed/routes';

export const serverError = httpError(500, 'Internal Server Error');

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 1,
    // 09:05 UTC is 10:05 in Rome in March.
    dataInserimento: '2025-03-14T09:05:00Z',
    dataLettura: null,
    tipoNotifica: { messaggio: 'Your visa request RQ-2025-0007 was approved.' },
    ...overrides,
  };
}

/** `count` notifications with ids from `from`, unread. */
export function notificationsFrom(from: number, count: number): Notification[] {
  return Array.from({ length: count }, (_, index) =>
    aNotification({ id: from + index, tipoNotifica: { messaggio: `Message ${from + index}` } }),
  );
}

/** Renders the bell and this remote's routes where the shell mounts them, signed in. */
export function renderNotifications(route = '/protected/notifications', language: Language = 'en_US') {
  return renderWithProviders(
    <>
      <Bell />
      <Routes>
        <Route path="/protected/notifications/*" element={<NotificationsRoutes />} />
        <Route path="*" element={null} />
      </Routes>
    </>,
    { route, user: TEST_TRAVELER, language },
  );
}
