import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, PRIVATE_BASE, notificationCountResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { useSession } from '@varco/session';

export function getNotificationCount() {
  return requestJson(`${PRIVATE_BASE}/notifications/count`, notificationCountResponseSchema);
}

/** The unread count, polled every 15 s while signed in, and again at once when the refresh toggle flips. */
export function useNotificationCount() {
  const toggle = useSession((state) => state.notificationsToggle);
  return useQuery({
    queryKey: ['notifications', 'count', toggle],
    queryFn: getNotificationCount,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnMount: true,
  });
}
