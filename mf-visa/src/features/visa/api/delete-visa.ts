import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import { invalidateVisaData } from '../../../lib/invalidate-visas';
import { forgetVisa } from './get-visa';

/** DELETE private/visa/{id}: a pending request is deleted and its invoices are available again (docs/domain.md, docs/calls.md). */
export function deleteVisa(id: number) {
  return requestVoid(`${PRIVATE_BASE}/visa/${id}`, { method: 'delete' });
}

export function useDeleteVisa(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteVisa(id),
    onSuccess: () => {
      forgetVisa(queryClient, id);
      return invalidateVisaData(queryClient);
    },
  });
}
