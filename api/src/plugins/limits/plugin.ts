import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RetryLaterError } from '../../app-error';
import type { DatabaseHandle } from '../../db/database';
import { UNMATCHED_ROUTE } from '../metrics/plugin';
import { createAccountLimits, type AccountLimits, type AccountLimitSettings } from './account-limits';
import { createMemoryLimitStore } from './memory-store';
import { createRedisLimitStore } from './redis-store';
import { createSqlLimitStore } from './sql-store';
import { hit, type LimitStore } from './store';
import { WindowCounter } from './window-counter';

/** How often the counters of the busiest calls are shared through the store. */
const FLUSH_INTERVAL_MS = 1_000;
/** How often the PostgreSQL store deletes ended windows. */
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** How long the start waits for Redis before serving anyway (the limited calls answer 503 until it is there). */
const REDIS_START_WAIT_MS = 3_000;

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
  interface FastifyContextConfig {
    /**
     * The route's own `rateLimit` is counted in the process and shared in batches (a WindowCounter), as the app-wide
     * limit is: for a frequent call whose limit may be reached a little late, and may fail open, rather than a round
     * trip to the store on every call.
     */
    batchedLimit?: boolean;
  }
}

export interface LimitsOptions {
  /** The clock of the counters (tests move it; the Redis store keeps its own time). */
  now?: () => number;
  /** Before every Redis key (tests: one prefix per run); `varco:limit:` by default. */
  redisPrefix?: string;
  /** The polling calls' limit per session and minute (tests lower it); POLLING_RATE_LIMIT_MAX by default. */
  pollingMax?: number;
}

export interface LimitsConfig {
  redisUrl: string | undefined;
  accountLimits: AccountLimitSettings;
}

export interface Limits {
  readonly store: LimitStore;
  readonly accounts: AccountLimits;
  readonly pollingMax: number | undefined;
  /** A limit counted here and shared in batches (`WindowCounter`), flushed with the app's others. */
  windowCounter(name: string, max: number, windowMs: number): WindowCounter;
  /** Shares every WindowCounter's hits now (the timer does it every second; tests call it to be exact). */
  flush(): Promise<void>;
  /**
   * The store of @fastify/rate-limit: the app-wide limit per address is a WindowCounter (it runs on most calls), the
   * stricter limits of single routes (sign-in, mails, registration, captcha) count every hit in the shared store.
   */
  readonly rateLimitStore: FastifyRateLimitStoreCtor;
  /** Says when the Redis store's connection fails (set by the plugin to its logger). */
  onStoreError: (error: Error) => void;
}

interface RouteLimitParams {
  max: number;
  timeWindow: number;
  routeInfo: { method?: string | string[]; url?: string; config?: { batchedLimit?: boolean } };
}

/**
 * The abuse limits of one app, on the store its configuration names: Redis when `REDIS_URL` is set, else the app's
 * PostgreSQL database, else (embedded PGlite: one process) the process. Made before the app's plugins, because
 * @fastify/rate-limit is registered first.
 */
export function createLimits(config: LimitsConfig, database: DatabaseHandle, options: LimitsOptions = {}): Limits {
  const now = options.now ?? Date.now;
  const counters: WindowCounter[] = [];
  const store = config.redisUrl
    ? createRedisLimitStore({
        url: config.redisUrl,
        prefix: options.redisPrefix,
        onError: (error) => limits.onStoreError(error),
      })
    : database.kind === 'postgres'
      ? createSqlLimitStore(database.db, now)
      : memoryStoreOf(database, now);
  const windowCounter = (name: string, max: number, windowMs: number) => {
    const counter = new WindowCounter(name, max, windowMs, now);
    counters.push(counter);
    return counter;
  };
  const limits: Limits = {
    store,
    accounts: createAccountLimits(store, config.accountLimits),
    pollingMax: options.pollingMax,
    windowCounter,
    async flush() {
      await Promise.all(counters.map((counter) => counter.flush(store)));
    },
    rateLimitStore: rateLimitStoreOf(store, windowCounter),
    onStoreError: () => {},
  };
  return limits;
}

/** The apps of one embedded database share its counters (tests build several apps on one PGlite), per clock. */
const memoryStores = new WeakMap<DatabaseHandle, Map<() => number, LimitStore>>();
function memoryStoreOf(database: DatabaseHandle, now: () => number): LimitStore {
  const byClock = memoryStores.get(database) ?? new Map<() => number, LimitStore>();
  memoryStores.set(database, byClock);
  let store = byClock.get(now);
  if (!store) {
    store = createMemoryLimitStore(now);
    byClock.set(now, store);
  }
  return store;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

function rateLimitStoreOf(store: LimitStore, windowCounter: Limits['windowCounter']): FastifyRateLimitStoreCtor {
  /** A route's own limit: every hit counted in the shared store; a store that cannot answer refuses the call (503). */
  class RouteStore implements FastifyRateLimitStore {
    constructor(
      private readonly name: string,
      private readonly windowMs: number,
    ) {}
    incr(key: string, callback: Callback): void {
      hit(store, `${this.name}:${key}`, this.windowMs).then(
        (tally) => callback(null, { current: tally.count, ttl: tally.resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  }

  /** A limit counted here and shared in batches: the app-wide one per address, and the routes' `batchedLimit`s. */
  class CountedHere implements FastifyRateLimitStore {
    constructor(private readonly counter: WindowCounter) {}
    incr(key: string, callback: Callback): void {
      const tally = this.counter.hit(key);
      callback(null, { current: tally.count, ttl: tally.resetInMs });
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      const { max, timeWindow, routeInfo } = routeOptions as RouteLimitParams;
      const name = `route:${String(routeInfo.method)}:${routeInfo.url ?? ''}`;
      return routeInfo.config?.batchedLimit
        ? new CountedHere(windowCounter(name, max, timeWindow))
        : new RouteStore(name, timeWindow);
    }
  }

  /** The app-wide limit per address. */
  return class AddressStore extends CountedHere {
    constructor(params: { max?: unknown; timeWindow?: unknown }) {
      super(windowCounter('address', Number(params.max), Number(params.timeWindow)));
    }
  };
}

/**
 * Which limit refused a call (a 429): an account's (account-limits.ts), a polling call's, a route's own
 * (@fastify/rate-limit with the route's settings) or the app-wide one per address.
 */
function refusingLimit(request: FastifyRequest, error: unknown): string {
  if (error instanceof RetryLaterError) return 'account';
  const config = request.routeOptions.config;
  if (config.polling) return 'polling';
  return typeof config.rateLimit === 'object' ? 'route' : 'address';
}

/**
 * Decorates `app.limits`, shares the WindowCounters every second (a failure is logged and the counts stay local),
 * purges ended windows of the PostgreSQL store every 10 minutes, and closes the store with the app.
 */
export const limitsPlugin = fp(
  async (app: FastifyInstance, options: { limits: Limits }) => {
    const { limits } = options;
    app.decorate('limits', limits);
    let storeDown = false;
    const report = (error: unknown, what: string) => {
      if (storeDown) return;
      storeDown = true;
      app.log.warn({ err: error }, `${what}: the limit store is not reachable`);
    };
    limits.onStoreError = (error) => report(error, 'Redis connection');

    // Counted where refusals surface, as errors: nothing runs for the calls a limit lets through.
    const refusals = app.metrics.counter({
      name: 'varco_rate_limit_refusals_total',
      help: 'Calls refused by an abuse limit (429), by limit (address, route, account, polling) and route pattern.',
      labelNames: ['limit', 'route'] as const,
    });
    app.addHook('onError', (request, _reply, error, done) => {
      if ((error as { statusCode?: unknown }).statusCode === 429)
        refusals.inc({ limit: refusingLimit(request, error), route: request.routeOptions.url ?? UNMATCHED_ROUTE });
      done();
    });

    let flushing = false;
    const flush = setInterval(() => {
      if (flushing) return;
      flushing = true;
      limits
        .flush()
        .then(() => {
          if (storeDown) app.log.info('the limit store answers again');
          storeDown = false;
        })
        .catch((error: unknown) => report(error, 'sharing the counts of the polling calls'))
        .finally(() => {
          flushing = false;
        });
    }, FLUSH_INTERVAL_MS);
    flush.unref();

    const purge =
      limits.store.kind === 'postgres'
        ? setInterval(() => {
            limits.store.purge().catch((error: unknown) => app.log.warn({ err: error }, 'limit purge failed'));
          }, PURGE_INTERVAL_MS)
        : undefined;
    purge?.unref();

    app.addHook('onReady', async () => {
      if (limits.store.ready && !(await limits.store.ready(REDIS_START_WAIT_MS)))
        app.log.warn('Redis (REDIS_URL) is not reachable yet: sign-in and mail calls answer 503 until it is');
    });
    app.addHook('onClose', async () => {
      clearInterval(flush);
      clearInterval(purge);
      await limits.store.close();
    });
  },
  { name: 'varco-limits', dependencies: ['varco-metrics'] },
);
