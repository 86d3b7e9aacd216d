import type { SessionRecord } from './repository';

/**
 * How long a FULL session read from the database is trusted without reading it again (its expiry is still checked on
 * every call). Every deletion of a live session is told by the database on SESSIONS_CHANNEL when it commits, and a lost
 * connection empties the cache, so this only bounds the damage of a fault nobody saw; it must stay well above the
 * polling periods (15 s, 30 s) for the cache to spare the reads.
 */
export const SESSION_CACHE_TTL_MS = 5 * 60 * 1000;
/** Sessions kept at most per process; past it, the oldest cached goes first. */
export const SESSION_CACHE_MAX_ENTRIES = 100_000;
/** The PostgreSQL channel on which the database tells every instance that sessions ended (`t:<travelerId>`; migration 0012). */
export const SESSIONS_CHANNEL = 'varco_sessions';

interface Entry {
  session: SessionRecord;
  /** Until when the entry may be used without reading the database (ms since the epoch). */
  freshUntil: number;
}

/**
 * The FULL sessions of this process, by token hash, with an index by traveler for the evictions. Only FULL sessions are
 * ever stored: the pending levels (OTP, activation) change in the database and are always read from it. A Map keeps
 * insertion order, so the first key is the oldest entry (entries are re-inserted on refresh).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTraveler = new Map<number, Set<string>>();
  /** Incremented by every eviction: a read of the database that started before one must not be cached. */
  private epoch = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The generation of the cache; pass it back to `set` to drop a value read before an eviction. */
  get generation(): number {
    return this.epoch;
  }

  /** The cached session while fresh (its own expiry is the caller's to check). */
  get(tokenHash: string, now: number): SessionRecord | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.freshUntil <= now) {
      this.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Caches a FULL session read at generation `generation` (ignored if an eviction happened since). */
  set(session: SessionRecord, now: number, generation: number): void {
    if (session.level !== 'FULL' || generation !== this.epoch) return;
    this.delete(session.token_hash);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    this.entries.set(session.token_hash, { session, freshUntil: now + this.ttlMs });
    let hashes = this.byTraveler.get(session.traveler_id);
    if (!hashes) {
      hashes = new Set();
      this.byTraveler.set(session.traveler_id, hashes);
    }
    hashes.add(session.token_hash);
  }

  /** Updates a cached session in place (its touch), keeping its freshness. */
  update(session: SessionRecord): void {
    const entry = this.entries.get(session.token_hash);
    if (entry) entry.session = session;
  }

  delete(tokenHash: string): void {
    const entry = this.entries.get(tokenHash);
    if (!entry) return;
    this.entries.delete(tokenHash);
    const hashes = this.byTraveler.get(entry.session.traveler_id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byTraveler.delete(entry.session.traveler_id);
  }

  /** Forgets one session (sign-out). */
  evictSession(tokenHash: string): void {
    this.epoch += 1;
    this.delete(tokenHash);
  }

  /** Forgets every session of a traveler (sign-out elsewhere, password change, account deletion). */
  evictTraveler(travelerId: number): void {
    this.epoch += 1;
    for (const hash of this.byTraveler.get(travelerId) ?? []) this.entries.delete(hash);
    this.byTraveler.delete(travelerId);
  }

  /** Forgets everything (the link to the other instances was lost: their messages may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.byTraveler.clear();
  }
}
