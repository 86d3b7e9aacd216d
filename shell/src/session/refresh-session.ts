import { PRIVATE_BASE } from '@varco/contracts/plain';
import { sessionStore } from '@varco/session';
import { apiClient } from './api-client';

/**
 * A session read back from local storage may have ended on the server, and the flags it carries may be stale:
 * ask the api once at start. A 401/403 signs the traveler out (the http client does it); other failures leave
 * the saved state as it is. The schema comes with the http client, only then: a first visit with no saved session
 * downloads neither (nor zod).
 */
export async function refreshSavedSession(): Promise<void> {
  if (!sessionStore.getState().user.numeroDocumento) return;
  try {
    const [{ requestJson }, { userInfoSchema }] = await Promise.all([apiClient(), import('@varco/contracts')]);
    const info = await requestJson(`${PRIVATE_BASE}/traveler/user-info`, userInfoSchema);
    sessionStore.getState().signIn(info);
  } catch {
    // Offline or the api is down: keep what was saved; the next call tells.
  }
}
