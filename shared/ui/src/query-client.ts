import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import type { ClientError } from '@varco/contracts';
import { QUERY_GC_TIME_MS } from '@varco/contracts/plain';
import { sessionStore } from '@varco/session';

/** Network failures reach the red bar of the shell; other errors are shown where they happen. */
function reportNetworkError(error: unknown): void {
  if ((error as ClientError | undefined)?.type === 'network-error')
    sessionStore.getState().setError(error as ClientError);
}

/** The one query client of the page, with the caching rules of docs/calls.md. */
export function createQueryClient(): QueryClient {
  // The query library learns of the network from online/offline events only: a page opened with no network (the
  // offline visa) would otherwise fire every query and fill the red bar. Offline, queries wait for the network
  // (those that have an offline answer run: networkMode offlineFirst).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const client = new QueryClient({
    queryCache: new QueryCache({ onError: reportNetworkError }),
    mutationCache: new MutationCache({ onError: reportNetworkError }),
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        // An answer stays good until a change the page knows of invalidates it (a mutation, a notification); an
        // invalidated one is loaded again when its page next shows, so no page shows what the api no longer holds.
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  // The page is not reloaded between two travelers (a sign-out, then another sign-in): what the calls answered one of
  // them is never shown to the next. The cache is emptied whenever the traveler changes, a session that ended included.
  sessionStore.subscribe((state, previous) => {
    if (state.user.numeroDocumento !== previous.user.numeroDocumento) client.removeQueries();
  });
  return client;
}
