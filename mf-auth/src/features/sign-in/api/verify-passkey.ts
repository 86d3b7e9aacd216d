import { useMutation } from '@tanstack/react-query';
import { IDENTITY_BASE, type PasskeyAuthenticationOptions } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import { sessionStore } from '@varco/session';
import { getPasskey, requirePasskeySupport } from '../../../lib/webauthn';
import { getUserInfo } from '../../profile';
import { getPasskeyOptions } from './get-passkey-options';

type Assertion = Awaited<ReturnType<typeof getPasskey>>;

/** POST v1/auth/passkey/verify: the assertion; the api answers 204 with a signed-in (FULL) session, no OTP step. */
export function verifyPasskey(credential: Assertion) {
  return requestVoid(`${IDENTITY_BASE}/passkey/verify`, { method: 'POST', json: { credential } });
}

/**
 * The passkey sign-in: the options (or those the autofill request was started with), the browser's dialog, the
 * verification, then the traveler's user-info into the session (docs/domain.md: the session user is set on login), as the
 * digital identity's return does.
 */
export function usePasskeySignIn() {
  return useMutation({
    mutationFn: async ({ autofill = false }: { autofill?: boolean } = {}) => {
      requirePasskeySupport();
      const options: PasskeyAuthenticationOptions = await getPasskeyOptions();
      await verifyPasskey(await getPasskey(options, autofill));
      return getUserInfo();
    },
    onSuccess: (info) => {
      sessionStore.getState().signIn(info);
    },
  });
}
