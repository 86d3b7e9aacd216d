import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { claimSchema, type MissingInvoiceClaimBody } from '@varco/contracts/claims';
import { requestJson } from '@varco/http';
import { claimsChanged } from './get-claims';

/** POST private/claims/missing-invoice: a claim about an invoice the traveler holds the receipt of and does not see. */
export function sendMissingInvoiceClaim(body: MissingInvoiceClaimBody) {
  return requestJson(`${PRIVATE_BASE}/claims/missing-invoice`, claimSchema, { method: 'post', json: body });
}

export function useSendMissingInvoiceClaim() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMissingInvoiceClaim, onSuccess: () => claimsChanged(queryClient) });
}
