import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, passkeyListResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

export const PASSKEYS_QUERY_KEY = ['auth', 'passkeys'] as const;

/** GET private/passkeys: the signed-in traveler's passkeys (name, created, last used). */
export function getPasskeys() {
  return requestJson(`${PRIVATE_BASE}/passkeys`, passkeyListResponseSchema);
}

export function usePasskeys() {
  return useQuery({ queryKey: PASSKEYS_QUERY_KEY, queryFn: getPasskeys, select: (data) => data.passkeys });
}
