import { useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, PRIVATE_BASE, notificationListResponseSchema, toServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

export function getNotifications(page: number) {
  return requestJson(`${PRIVATE_BASE}/notifications`, notificationListResponseSchema, {
    searchParams: { page, limit: NOTIFICATIONS_PAGE_SIZE, language: toServerLanguage(currentLanguage()) },
  });
}

/** Notifications 30 at a time (SPEC §9); Show more asks for the next page. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: ['notifications', 'list', currentLanguage()],
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.notifications.length, 0);
      return loaded < last.links.totalItems ? pages.length : undefined;
    },
  });
}
