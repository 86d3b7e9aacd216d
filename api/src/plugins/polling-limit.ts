import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../app-error';

/**
 * Calls of a polling call (the notification count every 15 s, the keep-alive every 30 s) per session and minute. A
 * browser sends 4 or 2 a minute per tab; this leaves room for many tabs and refreshes, and still stops a runaway client.
 */
export const POLLING_RATE_LIMIT_MAX = 600;
const WINDOW_MS = 60 * 1000;

/**
 * Counts calls per key in fixed one-minute windows, all dropped when the minute turns: memory for the sessions of one
 * minute, one Map update per call.
 */
export class PollingLimiter {
  private window = Number.NaN;
  private readonly calls = new Map<string, number>();

  constructor(
    private readonly max = POLLING_RATE_LIMIT_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call of `key`: 0 while within the limit, else the seconds until the window ends. */
  take(key: string): number {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.calls.clear();
    }
    const calls = (this.calls.get(key) ?? 0) + 1;
    this.calls.set(key, calls);
    return calls > this.max ? Math.ceil(((window + 1) * WINDOW_MS - now) / 1000) : 0;
  }
}

/**
 * The route options of a polling call: instead of the global limit per client address (many travelers may share one),
 * POLLING_RATE_LIMIT_MAX a minute per session (the guard has run: only signed-in requests get here), past it 429 with
 * Retry-After. A callback hook on a Map rather than @fastify/rate-limit's chain of promises: these calls are most of
 * the api's traffic (SPEC §7).
 */
export function pollingCall(limiter = new PollingLimiter()) {
  return {
    config: { rateLimit: false as const },
    onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const wait = limiter.take(request.session?.token_hash ?? request.ip);
      if (wait === 0) return done();
      reply.header('retry-after', String(wait));
      done(new AppError(429, { key: 'tooManyRequests' }));
    },
  };
}
