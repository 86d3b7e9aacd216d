import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import type { NotificationPage } from './get-notifications';
import { notificationKeys } from './query-keys';

/** PUT private/notifications/{id}: marks one notification as read (docs/calls.md). */
export function markNotificationRead(id: number) {
  return requestVoid(`${PRIVATE_BASE}/notifications/${id}`, { method: 'put' });
}

/**
 * Marks a notification as read. On success the loaded lists (every language) show it read without loading them
 * again, and the bell counts one less at once. The count is not asked for again now: the api instance that answers
 * it may not yet have heard of the change made through another one (each keeps the counts in memory until the
 * database tells it), and its old count would put the badge back; the next poll brings the api's count.
 */
export function useMarkNotificationRead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markNotificationRead(id),
    onSuccess: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<InfiniteData<NotificationPage, number>>(
        { queryKey: notificationKeys.lists },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  notifications: page.notifications.map((item) =>
                    item.id === id && !item.dataLettura ? { ...item, dataLettura: readAt } : item,
                  ),
                })),
              }
            : data,
      );
      queryClient.setQueryData<{ counter: number }>(notificationKeys.count, (count) =>
        count ? { counter: Math.max(0, count.counter - 1) } : count,
      );
    },
  });
}
