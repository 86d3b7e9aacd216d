import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, invoicesPerYearResponseSchema, toServerLanguage, type InvoiceFilter } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/** GET private/invoices?statoFattura: every invoice of the traveler matching the filter, grouped per year (docs/calls.md). */
export function getInvoices(filter: InvoiceFilter) {
  return requestJson(`${PRIVATE_BASE}/invoices`, invoicesPerYearResponseSchema, {
    searchParams: { statoFattura: filter, language: toServerLanguage(currentLanguage()) },
  });
}

export function useInvoices(filter: InvoiceFilter) {
  return useQuery({
    queryKey: ['invoices', 'list', filter, currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: () => getInvoices(filter),
  });
}
