import { useMutation } from '@tanstack/react-query';
import { IDENTITY_BASE, loginCustomBodySchema } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import { useSession } from '@varco/session';

export type LoginCustomBody = ReturnType<typeof loginCustomBodySchema.parse>;

/** POST v1/auth/login-custom: the credentials step of the sign-in (docs/calls.md identity calls); the OTP step follows. */
export function loginCustom(body: LoginCustomBody) {
  return requestVoid(`${IDENTITY_BASE}/login-custom`, { method: 'POST', json: body });
}

export function useLoginCustom() {
  const setOtp = useSession((state) => state.setOtp);
  return useMutation({
    mutationFn: loginCustom,
    // A new credentials sign-in starts a new OTP: forget any code and expiry of an earlier attempt.
    onSuccess: () => setOtp(null, null),
  });
}
