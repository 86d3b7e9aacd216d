import type { QueryClient } from '@tanstack/react-query';

/**
 * The `meta` of a query whose answer changes when the traveler is notified of something: a request or an invoice whose
 * state moved at the exit point (a kiosk scan, an officer's decision), a new notification in the list.
 */
export const FOLLOWS_NOTIFICATIONS = { followsNotifications: true } as const;

/**
 * A new notification has arrived: every query that follows notifications is loaded again, the pages on screen at once
 * and the others when they next show.
 */
export function refreshAfterNotification(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.meta?.followsNotifications === true });
}
