import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, VISA_PAGE_SIZE, VisaState, toServerLanguage, visaListResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/**
 * GET private/visa/list?page&limit: the traveler's visa requests, newest first, one page at a time; with
 * `stateCode`, only those in that state.
 */
export function getVisaList(page: number, limit: number, stateCode?: number) {
  return requestJson(`${PRIVATE_BASE}/visa/list`, visaListResponseSchema, {
    searchParams: {
      page,
      limit,
      language: toServerLanguage(currentLanguage()),
      ...(stateCode === undefined ? {} : { stateCode }),
    },
  });
}

/** The visa list page: 10 at a time, Show more asks for the next 10 (docs/screens.md, docs/domain.md). */
export function useVisaList() {
  return useInfiniteQuery({
    queryKey: ['visa', 'list', VISA_PAGE_SIZE, currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: ({ pageParam }) => getVisaList(pageParam, VISA_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.requests.length, 0);
      return last.requests.length > 0 && loaded < last.links.totalItems ? pages.length : undefined;
    },
  });
}

/** The home widget: the latest 4 requests, the first page of the same call (docs/screens.md). */
export function useLatestVisas(limit: number) {
  return useQuery({
    queryKey: ['visa', 'latest', limit, currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: () => getVisaList(0, limit),
  });
}

/** The traveler's pending request (there is at most one), or null: while it is pending no other can be created. */
export function usePendingVisa() {
  return useQuery({
    queryKey: ['visa', 'pending', currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: async () => (await getVisaList(0, 1, VisaState.PENDING)).requests[0] ?? null,
  });
}
