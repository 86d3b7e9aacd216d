import assert from 'node:assert/strict';
import { it } from 'node:test';
import Fastify from 'fastify';
import { lazyChildLoggerFactory } from './per-request';
import { logCollector } from './test/app';

it('writes through the request logger the lines pino’s own child would, and makes the child only for a line written', () => {
  const logs = logCollector();
  // The api's logger: Fastify's pino.
  const parent = Fastify({ logger: { level: 'info', stream: logs.stream } }).log;
  let made = 0;
  const child = parent.child;
  parent.child = function (this: typeof parent, ...args: Parameters<typeof child>) {
    made += 1;
    return child.apply(this, args);
  } as typeof parent.child;

  // A polling call's logger (its route logs at warn): nothing below warn is written, and no child is made for it.
  const polling = lazyChildLoggerFactory(parent, { reqId: 'r-1' }, { level: 'warn' });
  assert.equal(polling.level, 'warn');
  polling.info('incoming request');
  polling.debug('details');
  polling.trace('more details');
  assert.equal(made, 0);
  assert.deepEqual(logs.lines(), []);
  polling.warn({ job: 'x' }, 'slow');
  polling.error(new Error('boom'), 'failed');
  assert.equal(made, 1, 'one child for the request, made at its first line');
  assert.deepEqual(
    logs.lines().map(({ level, reqId, msg, job }) => ({ level, reqId, msg, job })),
    [
      { level: 40, reqId: 'r-1', msg: 'slow', job: 'x' },
      { level: 50, reqId: 'r-1', msg: 'failed', job: undefined },
    ],
  );
  assert.equal((logs.lines()[1]!.err as { message: string }).message, 'boom');

  // A route at the parent's level logs at info; a child of the request logger keeps its bindings.
  const other = lazyChildLoggerFactory(parent, { reqId: 'r-2' }, {});
  assert.equal(other.level, 'info');
  other.info('incoming request');
  other.child({ module: 'mail' }).info('sent');
  assert.deepEqual(
    logs
      .lines()
      .slice(2)
      .map(({ reqId, module, msg }) => ({ reqId, module, msg })),
    [
      { reqId: 'r-2', module: undefined, msg: 'incoming request' },
      { reqId: 'r-2', module: 'mail', msg: 'sent' },
    ],
  );
  // Its level can still be changed, as a pino child's.
  other.level = 'error';
  other.warn('dropped');
  assert.equal(logs.lines().length, 4);
});
