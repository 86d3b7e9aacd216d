import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions<K, V> {
  /** How long an entry is answered without reading its source again (ms). */
  ttlMs: number;
  /** Entries kept at most; past it, the least recently used goes first. */
  maxEntries: number;
  /** The clock in ms (tests); Date.now by default. */
  now?: () => number;
  /** Told when an entry leaves (expired, evicted, deleted, cleared), not when it is replaced under the same key. */
  onRemove?: (value: V, key: K) => void;
}

/**
 * The one in-process cache with a time-to-live of the api (session cache, unread counts): lru-cache, bounded, read on
 * the given clock at every call (`ttlResolution: 0`, so that a test's clock is followed to the millisecond). Its users
 * keep their own invalidation (the database's LISTEN/NOTIFY messages); this holds the storage, lifetime and size only.
 * Bounded by count through `maxSize` (each entry counts 1), not `max`: with `max` lru-cache allocates and fills its
 * arrays for every entry it may ever hold when it is made (500,000 for the session cache: tens of MB, and most of the
 * time an api test spent building apps), where this way its storage grows with the entries it holds.
 */
export function createTtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: TtlCacheOptions<K, V>,
): LRUCache<K, V> {
  const now = options.now ?? Date.now;
  const { onRemove } = options;
  return new LRUCache<K, V>({
    maxSize: options.maxEntries,
    sizeCalculation: () => 1,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
    dispose: onRemove && ((value, key, reason) => reason !== 'set' && onRemove(value, key)),
  });
}
