import { useMutation } from '@tanstack/react-query';
import { PRIVATE_BASE, finalizeBodySchema } from '@varco/contracts';
import { requestVoid } from '@varco/http';

export type FinalizeBody = ReturnType<typeof finalizeBodySchema.parse>;

/** POST private/traveler/finalize: completes the registration of a traveler who came through the digital identity (SPEC §5, §7). */
export function finalizeRegistration(body: FinalizeBody) {
  return requestVoid(`${PRIVATE_BASE}/traveler/finalize`, { method: 'POST', json: finalizeBodySchema.parse(body) });
}

export function useFinalizeRegistration() {
  return useMutation({ mutationFn: finalizeRegistration });
}
