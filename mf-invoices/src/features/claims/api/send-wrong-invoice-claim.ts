import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { claimSchema, type WrongInvoiceClaimBody } from '@varco/contracts/claims';
import { requestJson } from '@varco/http';
import { claimsChanged } from './get-claims';

/** POST private/claims/wrong-invoice: a claim that one of the traveler's invoices is wrong. */
export function sendWrongInvoiceClaim(body: WrongInvoiceClaimBody) {
  return requestJson(`${PRIVATE_BASE}/claims/wrong-invoice`, claimSchema, { method: 'post', json: body });
}

export function useSendWrongInvoiceClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendWrongInvoiceClaim, onSuccess: () => claimsChanged(queryClient) });
}
