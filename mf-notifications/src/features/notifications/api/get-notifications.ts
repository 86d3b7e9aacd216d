import { useInfiniteQuery } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PAGE_SIZE,
  PRIVATE_BASE,
  notificationListResponseSchema,
  toServerLanguage,
  type Language,
} from '@varco/contracts';
import { requestJson } from '@varco/http';
import { notificationKeys } from './query-keys';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/**
 * GET private/notifications?page&limit&language: one page of the traveler's notifications, newest first, `page`
 * from 0; the messages come rendered in `language` (docs/calls.md).
 */
export function getNotifications(page: number, language: Language) {
  return requestJson(`${PRIVATE_BASE}/notifications`, notificationListResponseSchema, {
    searchParams: { page, limit: NOTIFICATIONS_PAGE_SIZE, language: toServerLanguage(language) },
  });
}

export type NotificationPage = Awaited<ReturnType<typeof getNotifications>>;

/**
 * Notifications 30 at a time (docs/domain.md); Show more asks for the next page. Keyed by language, so that a change of
 * language loads the messages again in the new one.
 */
export function useNotifications(language: Language) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list(language),
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: ({ pageParam }) => getNotifications(pageParam, language),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.notifications.length, 0);
      return last.notifications.length > 0 && loaded < last.links.totalItems ? pages.length : undefined;
    },
  });
}
