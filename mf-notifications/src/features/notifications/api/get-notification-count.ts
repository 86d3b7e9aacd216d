import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS, PRIVATE_BASE, notificationCountResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { useIsSignedIn } from '@varco/session';
import { refreshAfterNotification } from '@varco/ui';
import { notificationKeys } from './query-keys';

/** GET private/notifications/count: how many notifications the traveler has not read yet (docs/calls.md). */
export function getNotificationCount() {
  return requestJson(`${PRIVATE_BASE}/notifications/count`, notificationCountResponseSchema);
}

/**
 * The unread count, polled every 15 s while signed in (docs/calls.md, docs/domain.md). Polling pauses while the tab is in the background (TanStack Query's default) and resumes when the
 * traveler comes back; it stops when the bell unmounts, that is on sign-out.
 */
export function useNotificationCount() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: notificationKeys.count,
    queryFn: getNotificationCount,
    enabled: signedIn,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    // The page-wide default keeps an answer until it is invalidated (docs/calls.md); the bell wants a fresh count
    // whenever it appears.
    staleTime: 0,
  });
}

/**
 * A rise of the unread count means something happened to the traveler's records (a kiosk scanned a request, an officer
 * decided): the pages that follow notifications load again, the one on screen at once.
 */
export function useRefreshOnNewNotifications(count: number | undefined): void {
  const queryClient = useQueryClient();
  const previous = useRef(count);
  useEffect(() => {
    if (count !== undefined && previous.current !== undefined && count > previous.current)
      void refreshAfterNotification(queryClient);
    previous.current = count;
  }, [count, queryClient]);
}
