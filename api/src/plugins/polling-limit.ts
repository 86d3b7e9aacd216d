import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError } from '../app-error';
import type { WindowCounter } from './limits/window-counter';
import type { WarmAnswer } from './polling-path';

/**
 * Calls of a polling call (the notification count every 15 s, the keep-alive every 30 s) per session and minute. A
 * browser sends 4 or 2 a minute per tab; this leaves room for many tabs and refreshes, and still stops a runaway client.
 */
export const POLLING_RATE_LIMIT_MAX = 600;
const WINDOW_MS = 60 * 1000;

/**
 * The route options of a polling call: instead of the global limit per client address (many travelers may share one),
 * POLLING_RATE_LIMIT_MAX a minute per session (the guard has run: only signed-in requests get here), past it 429 with
 * Retry-After. A callback hook on a WindowCounter (plugins/limits) rather than @fastify/rate-limit's chain of promises:
 * these calls are most of the api's traffic (docs/calls.md), so a call costs a Map update, and the counts are shared with
 * the other instances in batches, once a second. Each polling call (`name`) has its own count. `warm`: the call's answer
 * in its warm case, which plugins/polling-path.ts sends without Fastify's per-request work.
 */
export function pollingCall(app: FastifyInstance, name: string, warm: WarmAnswer) {
  const counter: WindowCounter = app.limits.windowCounter(
    `poll:${name}`,
    app.limits.pollingMax ?? POLLING_RATE_LIMIT_MAX,
    WINDOW_MS,
  );
  return {
    // `polling`: the warm path (plugins/polling-path.ts) answers the warm case with this same counter.
    config: { rateLimit: false as const, polling: { counter, warm } },
    onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      const wait = counter.take(request.session?.token_hash ?? request.ip);
      if (wait === 0) return done();
      reply.header('retry-after', String(wait));
      done(new AppError(429, { key: 'tooManyRequests' }));
    },
  };
}
