import { useMutation } from '@tanstack/react-query';
import { PUBLIC_BASE, changePasswordBodySchema } from '@varco/contracts';
import { requestVoid } from '@varco/http';

export type ChangePasswordBody = ReturnType<typeof changePasswordBodySchema.parse>;

/** PATCH public/traveler/change-pwd?key1&key2 with the new password (docs/calls.md). */
export function changePassword({ key1, key2, body }: { key1: string; key2: string; body: ChangePasswordBody }) {
  return requestVoid(`${PUBLIC_BASE}/traveler/change-pwd`, {
    method: 'PATCH',
    searchParams: { key1, key2 },
    json: body,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
