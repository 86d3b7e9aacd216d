import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVATE_BASE, passkeySchema, type AddPasskeyBody } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { createPasskey, requirePasskeySupport } from '../../../lib/webauthn';
import { PASSKEYS_QUERY_KEY } from './get-passkeys';
import { getRegistrationOptions } from './get-registration-options';

/** POST private/passkeys: the name and the authenticator's answer to the registration options → the stored passkey. */
export function addPasskey(body: AddPasskeyBody) {
  return requestJson(`${PRIVATE_BASE}/passkeys`, passkeySchema, { method: 'POST', json: body });
}

/**
 * The whole ceremony: the options, the browser's dialog (the authenticator makes the key pair), then the add. A
 * failure is a ClientError from the api or a PasskeyBrowserError from the browser.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      requirePasskeySupport();
      const options = await getRegistrationOptions();
      const credential = await createPasskey(options);
      return addPasskey({ name, credential: credential as AddPasskeyBody['credential'] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}
