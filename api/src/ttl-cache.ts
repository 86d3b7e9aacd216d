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
 */
export function createTtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: TtlCacheOptions<K, V>,
): LRUCache<K, V> {
  const now = options.now ?? Date.now;
  const { onRemove } = options;
  return new LRUCache<K, V>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
    dispose: onRemove && ((value, key, reason) => reason !== 'set' && onRemove(value, key)),
  });
}
