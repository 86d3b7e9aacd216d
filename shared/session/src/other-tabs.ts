import { SESSION_STORAGE_KEY, sessionStore } from './store';

/** The traveler of a saved session (the persisted store's JSON), if one is signed in there. */
function savedTraveler(saved: string | null): string | undefined {
  try {
    const traveler: unknown = (
      JSON.parse(saved ?? 'null') as { state?: { user?: { numeroDocumento?: unknown } } } | null
    )?.state?.user?.numeroDocumento;
    return typeof traveler === 'string' && traveler !== '' ? traveler : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Follows the session of the browser's other tabs of the portal (local storage's `storage` event reaches every other
 * tab of the origin): a sign-out or the end of the session in one signs this one out at once, and another traveler's
 * sign-in replaces this tab's. A tab left open on a shared device never keeps showing a traveler who has left.
 * Returns the function that stops following.
 */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    // `null`: the other tab cleared the whole storage.
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const mine = sessionStore.getState().user.numeroDocumento;
    const theirs = savedTraveler(event.newValue);
    if (theirs === mine) return;
    // Signed in there: this tab takes that traveler (its query cache follows the change). Nobody signed in there any
    // more: this tab is signed out too (writing back an empty session, which the other tab already holds).
    if (theirs) void sessionStore.persist.rehydrate();
    else sessionStore.getState().clearSession();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
