import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, latestInvoicesResponseSchema, toServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/**
 * GET private/invoices/usable?language: the invoices that can go in a new visa request (docs/calls.md): the
 * add-request button asks whether there is one, wizard step 1 lists them.
 * The contracts name no answer of its own for it; it is read as the invoice list of /invoices/latest.
 */
export function getUsableInvoices() {
  return requestJson(`${PRIVATE_BASE}/invoices/usable`, latestInvoicesResponseSchema, {
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
}

export function useUsableInvoices() {
  return useQuery({
    queryKey: ['visa', 'usable-invoices', currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: getUsableInvoices,
  });
}
