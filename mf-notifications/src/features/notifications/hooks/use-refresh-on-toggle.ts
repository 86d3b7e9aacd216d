import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSession } from '@varco/session';

/**
 * SPEC §3 session state: a toggle that refreshes notifications. Whoever knows that the notifications changed flips
 * it (`toggleNotifications()`); the queries under `queryKey` that are on screen then load again at once.
 * `queryKey` must be stable (a constant).
 */
export function useRefreshOnToggle(queryKey: QueryKey): void {
  const toggle = useSession((state) => state.notificationsToggle);
  const queryClient = useQueryClient();
  const seen = useRef(toggle);
  useEffect(() => {
    if (seen.current === toggle) return;
    seen.current = toggle;
    void queryClient.invalidateQueries({ queryKey });
  }, [toggle, queryClient, queryKey]);
}
