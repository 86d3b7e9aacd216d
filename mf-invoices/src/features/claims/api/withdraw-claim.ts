import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { claimSchema } from '@varco/contracts/claims';
import { requestJson } from '@varco/http';
import { claimsChanged } from './get-claims';

/** POST private/claims/{id}/withdraw: an open claim is taken back (docs/domain.md, "Claims"). */
export function withdrawClaim(id: number) {
  return requestJson(`${PRIVATE_BASE}/claims/${id}/withdraw`, claimSchema, { method: 'post' });
}

export function useWithdrawClaim(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => withdrawClaim(id), onSuccess: () => claimsChanged(queryClient) });
}
