import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The part of an infinite query that Show more drives. */
export interface PagedQuery {
  data?: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Show more of an infinite list whose page count is kept in the page's history entry (under `key`): Back, Forward or
 * a reload find the list as it was left, its pages loaded again one after the other when the cache has let them go (or
 * a new language asked for them anew). Returns what the Show more button does.
 */
export function useShownPages(query: PagedQuery, key: string): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Record<string, unknown> | null;
  const saved = state?.[key];
  const wanted = typeof saved === 'number' && saved > 1 ? saved : 1;
  const loaded = query.data?.pages.length ?? 0;

  const { hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (loaded > 0 && loaded < wanted && hasNextPage && !isFetching) void fetchNextPage();
  }, [loaded, wanted, hasNextPage, isFetching, fetchNextPage]);

  return () => {
    navigate({ search: location.search }, { replace: true, state: { ...state, [key]: loaded + 1 } });
    void fetchNextPage();
  };
}
