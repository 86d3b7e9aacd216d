import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, invoiceSchema, toServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

/** GET private/invoices/detail?idRichiestaRimborso: one invoice, by its refund id (docs/calls.md). */
export function getInvoiceDetail(refundId: number) {
  return requestJson(`${PRIVATE_BASE}/invoices/detail`, invoiceSchema, {
    searchParams: { idRichiestaRimborso: refundId, language: toServerLanguage(currentLanguage()) },
  });
}

/** `refundId` is null when the address holds no valid id: nothing is asked then. */
export function useInvoiceDetail(refundId: number | null) {
  return useQuery({
    queryKey: ['invoices', 'detail', refundId, currentLanguage()],
    meta: FOLLOWS_NOTIFICATIONS,
    queryFn: () => getInvoiceDetail(refundId as number),
    enabled: refundId !== null,
  });
}
