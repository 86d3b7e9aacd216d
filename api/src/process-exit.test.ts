import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, mock } from 'node:test';
import Fastify from 'fastify';
import { until } from './test/wait';
import { watchProcessExits, type ExitLogger, type ExitingProcess } from './process-exit';

/** `process.exit` of the stand-in: says 'exit' as Node does, then stops the caller as the real one would. */
class Exited extends Error {}

function fakeProcess(): ExitingProcess & EventEmitter {
  const events = new EventEmitter();
  return Object.assign(events, {
    exit(code: number): never {
      events.emit('exit', code);
      throw new Exited(`exit ${code}`);
    },
  });
}

function recordingLogger() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const record = (level: string) => (details: object, message: string) =>
    lines.push({ level, details: details as Record<string, unknown>, message });
  const logger: ExitLogger = { warn: record('warn'), error: record('error'), fatal: record('fatal') };
  return { logger, lines };
}

describe('watchProcessExits', () => {
  it('logs a deliberate exit with its code, its reason and the error behind it', () => {
    const proc = fakeProcess();
    const { logger, lines } = recordingLogger();
    const exits = watchProcessExits(proc);
    exits.useLogger(logger);
    const error = new Error('address in use');
    assert.throws(() => exits.exit(1, 'cannot start', error), Exited);
    assert.deepEqual(lines, [
      {
        level: 'error',
        details: { code: 1, reason: 'cannot start', err: error },
        message: 'the process exits with code 1: cannot start',
      },
    ]);
  });

  it('logs a stop asked for (code 0) as a warning, seen at the usual log levels', () => {
    const proc = fakeProcess();
    const { logger, lines } = recordingLogger();
    const exits = watchProcessExits(proc);
    exits.useLogger(logger);
    assert.throws(() => exits.exit(0, 'stopped on SIGTERM'), Exited);
    assert.deepEqual(lines, [
      {
        level: 'warn',
        details: { code: 0, reason: 'stopped on SIGTERM' },
        message: 'the process exits with code 0: stopped on SIGTERM',
      },
    ]);
  });

  it('logs an unhandled rejection as it arrives, then the exit that follows with its code', () => {
    const proc = fakeProcess();
    const { logger, lines } = recordingLogger();
    watchProcessExits(proc).useLogger(logger);
    const error = new Error('the database system is shutting down');
    proc.emit('uncaughtExceptionMonitor', error, 'unhandledRejection');
    proc.emit('exit', 1);
    assert.deepEqual(lines, [
      {
        level: 'fatal',
        details: { err: error, origin: 'unhandledRejection' },
        message: 'an unhandled promise rejection ends the process',
      },
      {
        level: 'error',
        details: { code: 1, reason: 'an unhandled promise rejection' },
        message: 'the process exits with code 1: an unhandled promise rejection',
      },
    ]);
  });

  it('logs an uncaught exception the same way', () => {
    const proc = fakeProcess();
    const { logger, lines } = recordingLogger();
    watchProcessExits(proc).useLogger(logger);
    proc.emit('uncaughtExceptionMonitor', new TypeError('x is not a function'), 'uncaughtException');
    proc.emit('exit', 1);
    assert.deepEqual(
      lines.map((line) => line.message),
      ['an uncaught exception ends the process', 'the process exits with code 1: an uncaught exception'],
    );
  });

  it('logs an exit nobody asked for, with where it was called', () => {
    const proc = fakeProcess();
    const { logger, lines } = recordingLogger();
    watchProcessExits(proc).useLogger(logger);
    const somewhereElse = () => proc.emit('exit', 0);
    somewhereElse();
    assert.equal(lines.length, 1);
    assert.equal(lines[0]!.level, 'error');
    assert.equal(lines[0]!.message, 'the process exits with code 0, unasked');
    assert.equal(lines[0]!.details.code, 0);
    assert.match(String(lines[0]!.details.where), /somewhereElse/);
  });

  it('writes to standard error before the app’s logger exists', (t) => {
    const written = t.mock.method(console, 'error', () => undefined);
    const proc = fakeProcess();
    const exits = watchProcessExits(proc);
    assert.throws(() => exits.exit(1, 'Invalid configuration of the api:\n  - PORT: not a number'), Exited);
    assert.deepEqual(written.mock.calls[0]!.arguments, [
      'Invalid configuration of the api:\n  - PORT: not a number\nThe api stops with exit code 1.',
    ]);
    mock.restoreAll();
  });

  it('has its lines written out before the process ends, even behind a write of the logger still in flight', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varco-exit-'));
    const file = join(dir, 'api.log');
    // Fastify's own pino logger on pino's asynchronous stream, as in the server.
    const app = Fastify({ logger: { level: 'info', file } });
    try {
      app.log.info('first');
      await until('the log file open and written', () => readFileSync(file, 'utf8').includes('first'));
      const proc = fakeProcess();
      watchProcessExits(proc).useLogger(app.log);
      app.log.info('in flight');
      proc.emit('uncaughtExceptionMonitor', new Error('boom'), 'uncaughtException');
      proc.emit('exit', 1);
      // No turn of the event loop since: only a synchronous write can have put them there.
      const text = readFileSync(file, 'utf8');
      assert.match(text, /an uncaught exception ends the process/);
      assert.match(text, /"code":1.*the process exits with code 1: an uncaught exception/);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
