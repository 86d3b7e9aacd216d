// The logger Fastify makes for every request before any hook runs. The polling calls (docs/calls.md) are most of the
// api's traffic and answer in a few microseconds, so it weighs on them (deploy/bench/README.md, "Polling").
import type { FastifyBaseLogger } from 'fastify';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LevelName = (typeof LEVELS)[number];

interface PinoLike extends FastifyBaseLogger {
  levels: { values: Record<string, number> };
}

interface Lazy {
  parent: FastifyBaseLogger;
  bindings: Record<string, unknown>;
  options: Record<string, unknown>;
  logger: FastifyBaseLogger | undefined;
}

const made = (lazy: Lazy): FastifyBaseLogger => (lazy.logger ??= lazy.parent.child(lazy.bindings, lazy.options));
const noop = () => undefined;

/** One prototype per parent logger and level: the methods of a level the request does not log at are no-ops. */
const prototypes = new WeakMap<FastifyBaseLogger, Map<string, object>>();

function prototypeFor(parent: PinoLike, level: string): object {
  let byLevel = prototypes.get(parent);
  if (!byLevel) prototypes.set(parent, (byLevel = new Map()));
  let proto = byLevel.get(level);
  if (proto) return proto;
  const threshold = parent.levels.values[level] ?? Number.POSITIVE_INFINITY;
  const methods: Record<string, unknown> = { silent: noop };
  for (const name of LEVELS) {
    methods[name] =
      (parent.levels.values[name] ?? 0) >= threshold
        ? function (this: Lazy, ...args: unknown[]) {
            return (made(this)[name as LevelName] as (...rest: unknown[]) => void)(...args);
          }
        : noop;
  }
  proto = Object.defineProperties(methods, {
    child: {
      value(this: Lazy, bindings: Record<string, unknown>, options?: Record<string, unknown>) {
        return made(this).child(bindings, options);
      },
    },
    level: {
      get(this: Lazy) {
        return this.logger?.level ?? level;
      },
      set(this: Lazy, value: string) {
        made(this).level = value;
      },
    },
  });
  byLevel.set(level, proto);
  return proto;
}

/**
 * Fastify's request logger, made when the request first writes a line at a level it logs at. Fastify makes a pino
 * child per request (bound to its id, with the route's level); with a level of its own, as the polling calls have
 * (`logLevel: 'warn'`), pino rebuilds every log method of the child, which a polling call that logs nothing paid
 * for nothing. The lines written are the same: the same child, with the same bindings and options.
 */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: object,
  options: { level?: string },
): FastifyBaseLogger {
  const parent = logger as PinoLike;
  if (!parent.levels?.values) return logger.child(bindings, options);
  const lazy: Lazy = Object.create(prototypeFor(parent, options.level ?? parent.level));
  lazy.parent = logger;
  lazy.bindings = bindings as Record<string, unknown>;
  lazy.options = options as Record<string, unknown>;
  lazy.logger = undefined;
  return lazy as unknown as FastifyBaseLogger;
}
