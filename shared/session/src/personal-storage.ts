/**
 * Every local storage key that holds a traveler's own data, whichever app writes it (the visa wizard's draft, with
 * their travel document), starts with this prefix, and clearSession removes them all: a shared device keeps nothing
 * of a traveler past their sign-out or the end of their session, even from a remote that is not on the page then.
 */
export const PERSONAL_STORAGE_PREFIX = 'varco-personal:';

/** The local storage key of one app's personal data (removed at sign-out). */
export const personalStorageKey = (name: string): string => `${PERSONAL_STORAGE_PREFIX}${name}`;

/** Removes every personal key of local storage. */
export function forgetPersonalStorage(): void {
  try {
    for (let index = localStorage.length - 1; index >= 0; index -= 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(PERSONAL_STORAGE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept.
  }
}
