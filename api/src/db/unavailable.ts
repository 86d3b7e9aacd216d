/**
 * Whether an error means the database cannot serve the request right now rather than a fault of the request or of the
 * code: a refused or lost connection, a server starting, shutting down or out of resources, a pool with no connection
 * to give in time, a statement cancelled or a transaction aborted by contention. The caller may retry shortly: the
 * api answers 503 with Retry-After (plugins/errors.ts), never 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
  // No local port or file descriptor left to open a connection with: the machine is overloaded.
  'EADDRNOTAVAIL',
  'EMFILE',
  'ENFILE',
]);
/**
 * SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, idle_session_timeout, query_canceled (a statement
 * timeout), lock_not_available (a lock timeout), idle_in_transaction_session_timeout, serialization_failure,
 * deadlock_detected. Whole classes: 08 connection exception, 53 insufficient resources (too many connections, out of
 * memory, disk full).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '57014',
  '55P03',
  '25P03',
  '40001',
  '40P01',
]);
const UNAVAILABLE_CLASSES = ['08', '53'];
/** node-postgres, pg-pool, Kysely and PostgreSQL itself (through a proxy that drops the code) say these in words only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Query read timeout',
  'Cannot use a pool after calling end on the pool',
  'driver has already been destroyed',
  'sorry, too many clients already',
  'remaining connection slots are reserved',
];

const isSqlState = (code: string) => /^[0-9A-Z]{5}$/.test(code);

function unavailableCode(code: string): boolean {
  if (NETWORK_CODES.has(code)) return true;
  return isSqlState(code) && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_CLASSES.includes(code.slice(0, 2)));
}

/** Looks through `cause` and the `errors` of an AggregateError too (a wrapper's, a connection's several addresses). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && unavailableCode(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((words) => message.includes(words))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
