/**
 * What a signed-in traveler has seen, kept in local storage so that it can be shown with no network (the visa's QR at
 * the gate): only for the traveler who saw it, and forgotten at sign-out (the store's clearSession, on logout and on
 * any 401/403), so that a shared device never shows it to anyone else.
 */
export const OFFLINE_COPY_STORAGE_KEY = 'varco-offline-copy';
/** A few recent answers are enough (the last requests opened); local storage is small. */
const MAX_ENTRIES = 10;

export interface OfflineCopy {
  data: unknown;
  /** When it was received (ISO 8601): shown as "as of". */
  savedAt: string;
}

interface SavedCopies {
  owner: string;
  entries: Record<string, OfflineCopy>;
}

function read(): SavedCopies | null {
  try {
    const saved = JSON.parse(localStorage.getItem(OFFLINE_COPY_STORAGE_KEY) ?? 'null') as SavedCopies | null;
    return saved && typeof saved.owner === 'string' && typeof saved.entries === 'object' ? saved : null;
  } catch {
    return null;
  }
}

/** Keeps `data` under `key` for `owner` (the traveler's document number), replacing what another traveler left. */
export function keepOfflineCopy(owner: string, key: string, data: unknown, now: Date = new Date()): void {
  if (!owner) return;
  const saved = read();
  const entries = saved?.owner === owner ? { ...saved.entries } : {};
  delete entries[key];
  entries[key] = { data, savedAt: now.toISOString() };
  // Insertion order is age order: the oldest go first.
  const kept = Object.fromEntries(Object.entries(entries).slice(-MAX_ENTRIES));
  try {
    localStorage.setItem(OFFLINE_COPY_STORAGE_KEY, JSON.stringify({ owner, entries: kept } satisfies SavedCopies));
  } catch {
    // Storage full or refused: the page works online all the same.
  }
}

/** The copy kept under `key` for `owner`, or null (nothing kept, or kept for another traveler). */
export function offlineCopy(owner: string, key: string): OfflineCopy | null {
  const saved = read();
  if (!owner || saved?.owner !== owner) return null;
  return saved.entries[key] ?? null;
}

/** Drops one copy (the api said it is gone). */
export function dropOfflineCopy(owner: string, key: string): void {
  const saved = read();
  if (saved?.owner !== owner || !(key in saved.entries)) return;
  const { [key]: _dropped, ...entries } = saved.entries;
  try {
    localStorage.setItem(OFFLINE_COPY_STORAGE_KEY, JSON.stringify({ owner, entries } satisfies SavedCopies));
  } catch {
    // left as it was: it is still only this traveler's
  }
}

/** Forgets every copy: at sign-out. */
export function forgetOfflineCopies(): void {
  try {
    localStorage.removeItem(OFFLINE_COPY_STORAGE_KEY);
  } catch {
    // nothing was kept
  }
}
