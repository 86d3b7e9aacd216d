import { useMutation } from '@tanstack/react-query';
import { PRIVATE_BASE, finalizeBodySchema, userInfoSchema, type FinalizeBody } from '@varco/contracts';
import { requestJson } from '@varco/http';

/**
 * POST private/traveler/finalize: completes the registration of a traveler who came through the digital identity
 * (docs/domain.md, docs/calls.md) with the residence and travel document; answers the traveler, now signed in.
 */
export function finalizeRegistration(body: FinalizeBody) {
  return requestJson(`${PRIVATE_BASE}/traveler/finalize`, userInfoSchema, {
    method: 'POST',
    json: finalizeBodySchema.parse(body),
  });
}

export function useFinalizeRegistration() {
  return useMutation({ mutationFn: finalizeRegistration });
}
