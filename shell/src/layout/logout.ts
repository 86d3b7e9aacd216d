import { PRIVATE_BASE } from '@varco/contracts/plain';
import { sessionStore } from '@varco/session';
import { apiClient } from '../session/api-client';

/**
 * Ends the session on the server when it can, and always locally. A traveler signed in with the digital identity
 * must also leave the identity provider: the api names its logout page in the `Location` header of the answer
 * (docs/calls.md), which this returns for the browser to open.
 */
export async function logout(): Promise<string | null> {
  try {
    const { http } = await apiClient();
    const response = await http().post(`${PRIVATE_BASE}/v1/traveler/logout`);
    return response.headers.get('location');
  } catch {
    // Signed out locally all the same: the server session expires by itself.
    return null;
  } finally {
    sessionStore.getState().clearSession();
  }
}
