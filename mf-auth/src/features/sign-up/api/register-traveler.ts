import { useMutation } from '@tanstack/react-query';
import { HEADERS, PUBLIC_BASE, registrationPayloadSchema, type RegistrationPayload } from '@varco/contracts';
import { requestVoid } from '@varco/http';

export interface RegisterTravelerInput {
  payload: RegistrationPayload;
  captcha: { value: string; token: string };
}

/** POST public/traveler: the registration (docs/domain.md, docs/calls.md); the captcha value and its token go in headers, not in the body. */
export function registerTraveler({ payload, captcha }: RegisterTravelerInput) {
  return requestVoid(`${PUBLIC_BASE}/traveler`, {
    method: 'POST',
    json: registrationPayloadSchema.parse(payload),
    headers: { [HEADERS.captchaValue]: captcha.value, [HEADERS.captchaToken]: captcha.token },
  });
}

export function useRegisterTraveler() {
  return useMutation({ mutationFn: registerTraveler });
}
