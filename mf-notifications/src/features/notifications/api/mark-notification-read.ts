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
 * again, and the unread count is asked for at once, so the bell follows.
 */
export function useMarkNotificationRead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markNotificationRead(id),
    onSuccess: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<InfiniteData<NotificationPage, number>>({ queryKey: notificationKeys.lists }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                notifications: page.notifications.map((item) => (item.id === id && !item.dataLettura ? { ...item, dataLettura: readAt } : item)),
              })),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.count });
    },
  });
}
