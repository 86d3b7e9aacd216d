import { PRIVATE_BASE, passkeyRegistrationOptionsSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';

/**
 * POST private/passkeys/registration-options: the WebAuthn creation options of a new passkey. The api binds their
 * challenge to this session and browser (an HttpOnly cookie), for the add that follows.
 */
export function getRegistrationOptions() {
  return requestJson(`${PRIVATE_BASE}/passkeys/registration-options`, passkeyRegistrationOptionsSchema, {
    method: 'POST',
  });
}
