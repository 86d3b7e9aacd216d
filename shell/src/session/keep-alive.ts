import { useEffect } from 'react';
import { KEEP_ALIVE_MS, PRIVATE_BASE } from '@varco/contracts/plain';
import { isSignedIn, sessionStore } from '@varco/session';
import { apiClient } from './api-client';

/** PUT private/visa/area: the keep-alive heartbeat of docs/calls.md. */
async function sendHeartbeat(): Promise<void> {
  const { requestVoid } = await apiClient();
  await requestVoid(`${PRIVATE_BASE}/visa/area`, { method: 'put' });
}

/**
 * Sends the heartbeat every 30 s (docs/domain.md) while signed in; returns what stops it. Failures are silent: a 401/403
 * already clears the session in @varco/http, and anything else is worth no more than the next beat.
 */
export function startKeepAlive(beat: () => Promise<void> = sendHeartbeat, every: number = KEEP_ALIVE_MS): () => void {
  const timer = setInterval(() => {
    if (!isSignedIn(sessionStore.getState().user)) return;
    beat().catch(() => undefined);
  }, every);
  return () => clearInterval(timer);
}

/**
 * The keep-alive, for as long as the component that calls it is mounted. The header mounts it with its signed-in
 * tools, which load lazily and unmount on sign-out: a signed-out visitor never downloads or runs it.
 */
export function useKeepAlive(): void {
  useEffect(() => startKeepAlive(), []);
}
