import { createTtlCache } from '../../ttl-cache';

/**
 * The PostgreSQL channel on which the database tells every instance that a traveler's unread count may have changed
 * (payload: the traveler id). A trigger on `notification` sends it (migration 0011), so it goes out exactly when the
 * change commits, whatever code made it.
 */
export const UNREAD_CHANNEL = 'varco_unread';
/**
 * How long a count is trusted without reading the database. Every change is heard on UNREAD_CHANNEL and a lost
 * connection empties the cache, so this only bounds the damage of a fault nobody saw; it must stay well above the
 * polling period (15 s) for the cache to spare the queries.
 */
export const UNREAD_CACHE_TTL_MS = 5 * 60 * 1000;
/** Counts kept at most per process; past it, the least recently used goes first. As many as the sessions (session-cache.ts): ~40–80 bytes a count. */
export const UNREAD_CACHE_MAX_ENTRIES = 500_000;

/**
 * The unread notification counts of this process, by traveler (every signed-in browser asks every 15 s), kept in the
 * api's TTL cache (ttl-cache.ts). A count is read from the database once, then answered from memory until a change of
 * that traveler's notifications is heard (`changed`). Concurrent misses for one traveler share one read; a read that
 * started before a change is answered but not kept.
 */
export class UnreadCounts {
  private readonly entries;
  private readonly loading = new Map<number, Promise<number>>();
  /** Incremented by every change heard: a read that started before one must not be cached. */
  private epoch = 0;

  constructor(
    private readonly load: (travelerId: number) => Promise<number>,
    options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {
    this.entries = createTtlCache<number, number>({
      ttlMs: options.ttlMs ?? UNREAD_CACHE_TTL_MS,
      maxEntries: options.maxEntries ?? UNREAD_CACHE_MAX_ENTRIES,
      now: options.now,
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The traveler's unread count: from memory while fresh, else read (once for every concurrent caller). */
  counter(travelerId: number): number | Promise<number> {
    const cached = this.entries.get(travelerId);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(travelerId);
    if (pending) return pending;
    const generation = this.epoch;
    const read = this.load(travelerId)
      .then((counter) => {
        if (generation === this.epoch) this.entries.set(travelerId, counter);
        return counter;
      })
      .finally(() => {
        if (this.loading.get(travelerId) === read) this.loading.delete(travelerId);
      });
    this.loading.set(travelerId, read);
    return read;
  }

  /** The traveler's unread count when it is in memory, else undefined: never a read. */
  cached(travelerId: number): number | undefined {
    return this.entries.get(travelerId);
  }

  /** A traveler's notifications changed (written, read, deleted): the next call reads the database again. */
  changed(travelerId: number): void {
    this.epoch += 1;
    this.entries.delete(travelerId);
    this.loading.delete(travelerId);
  }

  /** Forgets everything (the link to the database's messages was lost: changes may have been missed). */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.loading.clear();
  }
}
