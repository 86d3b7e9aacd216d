import { IDENTITY_BASE, passkeyAuthenticationOptionsSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/**
 * POST v1/auth/passkey/options: the WebAuthn request options of a passkey sign-in; the api binds their challenge to
 * this browser (an HttpOnly cookie) for the verification that follows.
 */
export function getPasskeyOptions() {
  return requestJson(`${IDENTITY_BASE}/passkey/options`, passkeyAuthenticationOptionsSchema, { method: 'POST' });
}
