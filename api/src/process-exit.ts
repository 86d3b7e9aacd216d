// Every end of the api process says why in its log, with its exit code: a deliberate exit (with its reason), an
// uncaught exception or unhandled rejection (with the error), and an exit nobody asked for (with where it was called).
// Only SIGKILL and a crash of the runtime itself end it without a word.
import { createRequire } from 'node:module';

export interface ExitLogger {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  fatal(details: object, message: string): void;
}

/** The part of `process` this module uses (a stand-in in tests). */
export interface ExitingProcess {
  on(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'uncaughtExceptionMonitor', listener: (error: unknown, origin: string) => void): unknown;
  exit(code: number): never;
}

export interface ProcessExits {
  /** From now on the lines go through the app's logger, written before the process ends. */
  useLogger(logger: ExitLogger): void;
  /** Ends the process with `code`, saying why (and the error, if one is the cause). */
  exit(code: number, reason: string, error?: unknown): never;
}

interface Cause {
  reason: string;
  /** The error of a deliberate exit, logged with its line (an uncaught one is logged as it arrives). */
  error?: unknown;
}

/** The symbol under which pino keeps a logger's stream: pino's own, as Fastify builds its logger with it. */
const streamSymbol = ((): symbol | undefined => {
  try {
    const fastifyEntry = createRequire(import.meta.url).resolve('fastify');
    return (createRequire(fastifyEntry)('pino') as { symbols: { streamSym: symbol } }).symbols.streamSym;
  } catch {
    return undefined;
  }
})();

/**
 * Writes out what the logger's stream holds and makes its later writes synchronous: pino's default stream writes
 * asynchronously, and a line still queued when the process ends is lost. Streams without `flushSync` (a test's) are
 * left as they are.
 */
export function flushLogger(logger: ExitLogger): void {
  const stream = streamSymbol
    ? ((logger as unknown as Record<symbol, unknown>)[streamSymbol] as
        { sync?: boolean; flushSync?: () => void } | undefined)
    : undefined;
  if (typeof stream?.flushSync !== 'function') return;
  stream.sync = true;
  try {
    stream.flushSync();
  } catch {
    // A stream already closed, or not open yet: nothing more can be written to it.
  }
}

/** Watches how the process ends; call it first, before anything can end it. */
export function watchProcessExits(proc: ExitingProcess = process): ProcessExits {
  let logger: ExitLogger | undefined;
  let cause: Cause | undefined;

  const write = (level: keyof ExitLogger, details: Record<string, unknown>, message: string) => {
    if (logger) {
      logger[level](details, message);
      flushLogger(logger);
      return;
    }
    // Before the app's logger exists: standard error, written synchronously (a file, a pipe or a terminal).
    const { err, where } = details;
    console.error(message, ...[err, where].filter((detail) => detail !== undefined));
  };

  proc.on('uncaughtExceptionMonitor', (error, origin) => {
    const reason = origin === 'unhandledRejection' ? 'an unhandled promise rejection' : 'an uncaught exception';
    cause = { reason };
    write('fatal', { err: error, origin }, `${reason} ends the process`);
  });

  proc.on('exit', (code) => {
    if (cause && !logger) {
      // Before the app's logger exists (a start that failed): the reason as a person starting the server reads it.
      console.error(
        `${cause.reason}\nThe api stops with exit code ${code}.`,
        ...(cause.error === undefined ? [] : [cause.error]),
      );
      return;
    }
    if (cause) {
      const { reason, error } = cause;
      // Warn even when asked for: an end of the process is rare, and must show at the usual log levels.
      write(
        code === 0 ? 'warn' : 'error',
        { code, reason, ...(error === undefined ? {} : { err: error }) },
        `the process exits with code ${code}: ${reason}`,
      );
      return;
    }
    // Not through `exit` above: some code called process.exit, or nothing was left to do. The stack says which.
    const where = new Error('exit').stack?.split('\n').slice(2).join('\n');
    write('error', { code, where }, `the process exits with code ${code}, unasked`);
  });

  return {
    useLogger(appLogger) {
      logger = appLogger;
    },
    exit(code, reason, error) {
      cause = { reason, ...(error === undefined ? {} : { error }) };
      return proc.exit(code);
    },
  };
}
