import { useQuery } from '@tanstack/react-query';
import { HOME_INVOICES_LIMIT, PRIVATE_BASE, latestInvoicesResponseSchema, toServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/** GET private/invoices/latest?limit&page: the most recent invoices, for the home (docs/screens.md: 4 of them). */
export function getLatestInvoices(limit: number = HOME_INVOICES_LIMIT) {
  return requestJson(`${PRIVATE_BASE}/invoices/latest`, latestInvoicesResponseSchema, {
    searchParams: { limit, page: 0, language: toServerLanguage(currentLanguage()) },
  });
}

export function useLatestInvoices() {
  return useQuery({
    queryKey: ['invoices', 'latest', HOME_INVOICES_LIMIT, currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: () => getLatestInvoices(HOME_INVOICES_LIMIT),
  });
}
