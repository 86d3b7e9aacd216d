import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import { PASSKEYS_QUERY_KEY } from './get-passkeys';

/** DELETE private/passkeys/{id}: the passkey stops signing in at once. */
export function deletePasskey(id: number) {
  return requestVoid(`${PRIVATE_BASE}/passkeys/${id}`, { method: 'DELETE' });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
