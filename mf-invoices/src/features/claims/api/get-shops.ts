import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { SHOP_QUERY_MIN_LENGTH, shopsResponseSchema } from '@varco/contracts/claims';
import { requestJson } from '@varco/http';

/** GET private/claims/shops?q: the shops that issue through Varco whose name or VAT number holds `text`. */
export function getShops(text: string) {
  return requestJson(`${PRIVATE_BASE}/claims/shops`, shopsResponseSchema, { searchParams: { q: text } });
}

/** The shops found for what the traveler typed (SHOP_QUERY_MIN_LENGTH characters at least); the last answer stays while the next comes. */
export function useShops(text: string) {
  const query = text.trim();
  return useQuery({
    queryKey: ['claims', 'shops', query.toLowerCase()],
    queryFn: () => getShops(query),
    enabled: query.length >= SHOP_QUERY_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
