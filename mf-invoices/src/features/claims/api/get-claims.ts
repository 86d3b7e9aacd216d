import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { CLAIMS_PAGE_SIZE, claimListResponseSchema } from '@varco/contracts/claims';
import { requestJson } from '@varco/http';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/** GET private/claims?page&limit: a page of the traveler's claims, newest first, `page` from 0. */
export function getClaims(page: number, filter: { invoice?: number; state?: 'OPEN' } = {}, limit = CLAIMS_PAGE_SIZE) {
  return requestJson(`${PRIVATE_BASE}/claims`, claimListResponseSchema, {
    searchParams: { page, limit, ...filter },
  });
}

const CLAIMS_KEY = ['claims', 'list'] as const;

/** The claims page: 10 at a time, Show more asks for the next 10; loaded again when the traveler is notified (an answer). */
export function useClaims() {
  return useInfiniteQuery({
    queryKey: [...CLAIMS_KEY, 'all'],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: ({ pageParam }) => getClaims(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.claims.length, 0);
      return last.claims.length > 0 && loaded < last.links.totalItems ? pages.length : undefined;
    },
  });
}

/** The traveler's open claim about one of their invoices (there is at most one), or null. */
export function useOpenClaimAbout(invoiceId: number) {
  return useQuery({
    queryKey: [...CLAIMS_KEY, 'open', invoiceId],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: async () => (await getClaims(0, { invoice: invoiceId, state: 'OPEN' }, 1)).claims[0] ?? null,
  });
}

/** A claim was sent or withdrawn: the lists that show claims are loaded again. */
export const claimsChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: CLAIMS_KEY });
