import { useMutation } from '@tanstack/react-query';
import { PRIVATE_BASE } from '@varco/contracts';
import { requestVoid } from '@varco/http';
import { sessionStore } from '@varco/session';
import { rememberAccountDeleted } from '../account-deleted';

/** DELETE private/traveler: removes the traveler's personal data and ends the session (docs/domain.md). */
export function deleteTraveler() {
  return requestVoid(`${PRIVATE_BASE}/traveler`, { method: 'DELETE' });
}

/**
 * On success the session ends here too, and the shell's guard takes the traveler to the sign-in page, which confirms
 * the deletion.
 */
export function useDeleteTraveler() {
  return useMutation({
    mutationFn: deleteTraveler,
    onSuccess: () => {
      rememberAccountDeleted();
      sessionStore.getState().clearSession();
    },
  });
}
