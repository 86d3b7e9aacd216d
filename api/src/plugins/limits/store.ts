/** The hits of one key in its current window. */
export interface Tally {
  count: number;
  /** Milliseconds until the window ends (and the count starts again from 0). */
  resetInMs: number;
}

/**
 * Where the abuse limits count, shared by every api instance: PostgreSQL (`sql-store.ts`), or Redis when `REDIS_URL` is
 * set (`redis-store.ts`); on the embedded database (PGlite, one process by nature) in the process (`memory-store.ts`).
 * A window starts at a key's first hit and lasts `windowMs`; a hit after it starts a new one.
 * Every call either answers from the shared store or throws (`LimitStoreUnavailable`, or the database's own error): the
 * caller decides whether to refuse (sign-in, mails) or to carry on (polling).
 */
export interface LimitStore {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** Adds `amount` hits to each key (0 only reads it back), atomically per key: the totals after the addition. */
  add(hits: ReadonlyArray<readonly [key: string, amount: number]>, windowMs: number): Promise<Map<string, Tally>>;
  /** The key's tally, without counting a hit; undefined when it has none in a live window. */
  peek(key: string): Promise<Tally | undefined>;
  /** Forgets the keys (a new window starts at their next hit). */
  reset(keys: readonly string[]): Promise<void>;
  /** Deletes the counters whose window has ended (the PostgreSQL store; Redis expires them itself). */
  purge(): Promise<void>;
  close(): Promise<void>;
  /** A store behind a connection (Redis): whether it is up within `timeoutMs` (the app waits once, at start). */
  ready?(timeoutMs: number): Promise<boolean>;
}

/** Counts one hit of `key`. */
export async function hit(store: LimitStore, key: string, windowMs: number): Promise<Tally> {
  const tally = (await store.add([[key, 1]], windowMs)).get(key);
  if (!tally) throw new Error(`the limit store did not answer for ${key}`);
  return tally;
}

/**
 * The store could not be reached (Redis down, timed out). Answered 503 with Retry-After by the error handler, like an
 * unreachable database: a sign-in or a mail is refused rather than let through uncounted.
 */
export class LimitStoreUnavailable extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('the limit store is not reachable', { cause });
    this.name = 'LimitStoreUnavailable';
  }
}
