import { createTtlCache } from '../../ttl-cache';
import type { SessionRecord } from './repository';

/**
 * How long a FULL session read from the database is trusted without reading it again (its expiry is still checked on
 * every call). Every deletion of a live session is told by the database on SESSIONS_CHANNEL when it commits, and a lost
 * connection empties the cache, so this only bounds the damage of a fault nobody saw; it must stay well above the
 * polling periods (15 s, 30 s) for the cache to spare the reads.
 */
export const SESSION_CACHE_TTL_MS = 5 * 60 * 1000;
/**
 * Sessions kept at most per process; past it, the least recently used goes first. Behind a round-robin balancer every
 * process of a node sees every traveler of that node, so this must hold a whole node's travelers: one 2-core node
 * polls for several hundred thousand (deploy/SCALING.md, which also has the memory a full cache takes).
 */
export const SESSION_CACHE_MAX_ENTRIES = 500_000;
/** The PostgreSQL channel on which the database tells every instance that sessions ended (`t:<travelerId>`; migration 0012). */
export const SESSIONS_CHANNEL = 'varco_sessions';

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The clock in ms (the auth service passes its own). */
  now?: () => number;
}

/**
 * The FULL sessions of this process, by token hash (ttl-cache.ts), with an index by traveler for the evictions. Only
 * FULL sessions are ever stored: the pending levels (OTP, activation) change in the database and are always read from it.
 */
export class SessionCache {
  private readonly byTraveler = new Map<number, Set<string>>();
  private readonly entries;
  /** Incremented by every eviction: a read of the database that started before one must not be cached. */
  private epoch = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.entries = createTtlCache<string, SessionRecord>({
      ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
      now: options.now,
      onRemove: (session, tokenHash) => {
        const hashes = this.byTraveler.get(session.traveler_id);
        hashes?.delete(tokenHash);
        if (hashes?.size === 0) this.byTraveler.delete(session.traveler_id);
      },
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The generation of the cache; pass it back to `set` to drop a value read before an eviction. */
  get generation(): number {
    return this.epoch;
  }

  /** The cached session while fresh (its own expiry is the caller's to check). */
  get(tokenHash: string): SessionRecord | undefined {
    return this.entries.get(tokenHash);
  }

  /** Caches a FULL session read at generation `generation` (ignored if an eviction happened since). */
  set(session: SessionRecord, generation: number): void {
    if (session.level !== 'FULL' || generation !== this.epoch) return;
    this.entries.set(session.token_hash, session);
    let hashes = this.byTraveler.get(session.traveler_id);
    if (!hashes) {
      hashes = new Set();
      this.byTraveler.set(session.traveler_id, hashes);
    }
    hashes.add(session.token_hash);
  }

  /** Updates a cached session in place (its touch), keeping its freshness. */
  update(session: SessionRecord): void {
    if (this.entries.has(session.token_hash)) this.entries.set(session.token_hash, session, { noUpdateTTL: true });
  }

  delete(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  /** Forgets one session (sign-out). */
  evictSession(tokenHash: string): void {
    this.epoch += 1;
    this.delete(tokenHash);
  }

  /** Forgets every session of a traveler (sign-out elsewhere, password change, account deletion). */
  evictTraveler(travelerId: number): void {
    this.epoch += 1;
    for (const hash of [...(this.byTraveler.get(travelerId) ?? [])]) this.entries.delete(hash);
  }

  /** Forgets everything (the link to the other instances was lost: their messages may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }
}
