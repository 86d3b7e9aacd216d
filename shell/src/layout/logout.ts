import { PRIVATE_BASE } from '@varco/contracts';
import { sessionStore } from '@varco/session';
import { apiClient } from '../api-client';

/** Ends the session on the server when it can, and always locally. */
export async function logout(): Promise<void> {
  try {
    const { requestVoid } = await apiClient();
    await requestVoid(`${PRIVATE_BASE}/v1/traveler/logout`, { method: 'POST' });
  } catch {
    // Signed out locally all the same: the server session expires by itself.
  } finally {
    sessionStore.getState().clearSession();
  }
}
