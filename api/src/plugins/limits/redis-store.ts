import { Redis } from 'ioredis';
import { LimitStoreUnavailable, type LimitStore, type Tally } from './store';

/**
 * Adds ARGV[i + 1] to KEYS[i] and starts its window (ARGV[1] ms) if it has none; answers count and milliseconds left for
 * each key. One script: atomic for all its keys (a standalone Redis, not a cluster: the keys may live anywhere).
 */
const ADD_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCRBY', key, ARGV[i + 1])
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    ttl = tonumber(ARGV[1])
    redis.call('PEXPIRE', key, ttl)
  end
  out[2 * i - 1] = count
  out[2 * i] = ttl
end
return out`;

interface WithAddCommand {
  varcoLimitAdd(numberOfKeys: number, ...keysAndArguments: Array<string | number>): Promise<number[]>;
}

export interface RedisLimitStoreOptions {
  url: string;
  /** Before every key: several deployments (or test runs) can share one Redis. */
  prefix?: string;
  /** Told when the connection fails (ioredis reconnects by itself). */
  onError?: (error: Error) => void;
}

/** The default key prefix. */
const REDIS_KEY_PREFIX = 'varco:limit:';

/**
 * The counters in Redis (`REDIS_URL`). Nothing is queued while the connection is down and a command that takes more
 * than a second fails: a limit must answer now (refuse, or carry on uncounted), not after a reconnection.
 */
export function createRedisLimitStore(
  options: RedisLimitStoreOptions,
): LimitStore & Required<Pick<LimitStore, 'ready'>> {
  const prefix = options.prefix ?? REDIS_KEY_PREFIX;
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    // Reconnect soon, then every 2 s at most.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  redis.on('error', (error: Error) => options.onError?.(error));
  redis.defineCommand('varcoLimitAdd', { lua: ADD_SCRIPT });
  const commands = redis as unknown as WithAddCommand;

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new LimitStoreUnavailable(error);
    }
  };

  return {
    kind: 'redis',

    add(hits, windowMs) {
      return guarded(async () => {
        const totals = new Map<string, Tally>();
        if (hits.length === 0) return totals;
        const reply = await commands.varcoLimitAdd(
          hits.length,
          ...hits.map(([key]) => prefix + key),
          Math.max(1, Math.round(windowMs)),
          ...hits.map(([, amount]) => amount),
        );
        hits.forEach(([key], index) =>
          totals.set(key, { count: Number(reply[2 * index]), resetInMs: Number(reply[2 * index + 1]) }),
        );
        return totals;
      });
    },

    peek(key) {
      return guarded(async () => {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        return count === null || ttl <= 0 ? undefined : { count: Number(count), resetInMs: ttl };
      });
    },

    reset(keys) {
      return guarded(async () => {
        if (keys.length > 0) await redis.del(...keys.map((key) => prefix + key));
      });
    },

    async purge() {},

    async close() {
      redis.disconnect();
    },

    /** Whether the connection is up within `timeoutMs`, false at its first failure (the app waits once at start). */
    async ready(timeoutMs) {
      if (redis.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), timeoutMs);
        const onReady = () => done(true);
        const onError = () => done(false);
        function done(value: boolean) {
          clearTimeout(timer);
          redis.off('ready', onReady);
          redis.off('error', onError);
          resolve(value);
        }
        redis.once('ready', onReady);
        redis.once('error', onError);
      });
    },
  };
}
