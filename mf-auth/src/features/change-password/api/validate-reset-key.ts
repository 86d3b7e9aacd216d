import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, otpValidateResponseSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/** GET public/otp/validate: whether the key pair of a password-reset link is still good (docs/calls.md). */
export function validateResetKey(key1: string, key2: string) {
  return requestJson(`${PUBLIC_BASE}/otp/validate`, otpValidateResponseSchema, {
    searchParams: { key1, key2, type: 'PWD_REMEMBER_TOKEN' },
  });
}

/** Asked only for keys a link can hold (`enabled`): a mangled link is invalid without a call. */
export function useValidateResetKey(key1: string, key2: string, enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'reset-key', key1, key2],
    enabled,
    queryFn: () => validateResetKey(key1, key2),
    // A key is single-use: always ask again.
    gcTime: 0,
  });
}
