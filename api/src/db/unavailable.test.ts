import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { databaseKinds, postgresOnly, postgresTestUrl, testDatabase } from '../test/databases';
import { isDatabaseUnavailable } from './unavailable';

/** An error as node-postgres makes it from PostgreSQL's answer: the message, and the SQLSTATE in `code`. */
const postgresError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'ERROR' });
/** An error of Node's network layer. */
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('a database that cannot serve the request now (503 with Retry-After, not 500)', () => {
  const recognised: Array<[string, unknown]> = [
    [
      "pg-pool: no connection free in time (the pool's connectionTimeoutMillis)",
      new Error('timeout exceeded when trying to connect'),
    ],
    [
      'pg: a new connection not open in time',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ],
    ['pg: the connection lost mid-query', new Error('Connection terminated unexpectedly')],
    [
      'pg: a client whose connection failed',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['pg: a closed client', new Error('Client was closed and is not queryable')],
    ["pg: the client's query_timeout", new Error('Query read timeout')],
    ['pg-pool: ended (the instance stopping)', new Error('Cannot use a pool after calling end on the pool')],
    ['Kysely: its driver destroyed (the instance stopping)', new Error('driver has already been destroyed')],
    ['53300 too many connections', postgresError('53300', 'sorry, too many clients already')],
    ['53300 in words only (a proxy dropped the code)', new Error('FATAL: sorry, too many clients already')],
    [
      '53300, the reserved slots',
      new Error('remaining connection slots are reserved for roles with the SUPERUSER attribute'),
    ],
    ['53200 out of memory', postgresError('53200', 'out of memory')],
    ['53100 disk full', postgresError('53100', 'could not extend file: No space left on device')],
    ['57014 statement timeout', postgresError('57014', 'canceling statement due to statement timeout')],
    ['55P03 lock timeout', postgresError('55P03', 'canceling statement due to lock timeout')],
    ['40P01 deadlock', postgresError('40P01', 'deadlock detected')],
    ['40001 serialization failure', postgresError('40001', 'could not serialize access due to concurrent update')],
    [
      '25P03 idle in transaction timeout',
      postgresError('25P03', 'terminating connection due to idle-in-transaction timeout'),
    ],
    ['57P05 idle session timeout', postgresError('57P05', 'terminating connection due to idle-session timeout')],
    ['57P01 admin shutdown', postgresError('57P01', 'terminating connection due to administrator command')],
    ['57P03 the server starting', postgresError('57P03', 'the database system is starting up')],
    ['08006 connection failure', postgresError('08006', 'connection failure')],
    ['ECONNREFUSED', systemError('ECONNREFUSED')],
    ['ECONNRESET', systemError('ECONNRESET')],
    ['EADDRNOTAVAIL (no local port left)', systemError('EADDRNOTAVAIL')],
    ['EMFILE (no file descriptor left)', systemError('EMFILE')],
    [
      'a refused connection to each of several addresses',
      new AggregateError([systemError('ECONNREFUSED'), systemError('ECONNREFUSED')], 'connect failed'),
    ],
    [
      'wrapped by a transaction or a caller, as its cause',
      new Error('the scan failed', { cause: postgresError('40P01', 'deadlock detected') }),
    ],
  ];
  for (const [name, error] of recognised) {
    it(`recognises ${name}`, () => assert.equal(isDatabaseUnavailable(error), true));
  }

  const faults: Array<[string, unknown]> = [
    ['23505 unique violation', postgresError('23505', 'duplicate key value violates unique constraint')],
    ['23514 check violation', postgresError('23514', 'new row violates check constraint')],
    ['42601 syntax error', postgresError('42601', 'syntax error at or near "selec"')],
    ['42P01 unknown table', postgresError('42P01', 'relation "nope" does not exist')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a Fastify error's code", Object.assign(new Error('Body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' })],
    ['nothing at all', undefined],
  ];
  for (const [name, error] of faults) {
    it(`leaves ${name} a fault (500 or its own status)`, () => assert.equal(isDatabaseUnavailable(error), false));
  }
});

// A pool out of connections and a server's timeouts only exist with a PostgreSQL server: on PGlite they show as skipped.
for (const kind of databaseKinds()) {
  const onlyWithAServer = postgresOnly(kind, 'PGlite has no pool, no second connection and no statement timeout');
  describe(`the errors of a PostgreSQL server that cannot serve now [${kind}]`, () => {
    it(
      'a pool whose connections are all taken tells its caller the database is unavailable',
      onlyWithAServer,
      async () => {
        await testDatabase('postgres'); // creates this process's test database
        const pool = new pg.Pool({ connectionString: postgresTestUrl(), max: 1, connectionTimeoutMillis: 100 });
        const held = await pool.connect();
        try {
          const error = await pool.query('select 1').then(
            () => undefined,
            (failure: unknown) => failure,
          );
          assert.ok(error instanceof Error, 'the query should wait for a connection and give up');
          assert.equal(isDatabaseUnavailable(error), true, String(error));
        } finally {
          held.release();
          await pool.end();
        }
      },
    );

    it('a statement timeout and a lock timeout', onlyWithAServer, async () => {
      await testDatabase('postgres');
      const pool = new pg.Pool({ connectionString: postgresTestUrl(), max: 2 });
      const holder = await pool.connect();
      const waiter = await pool.connect();
      const failure = (promise: Promise<unknown>) =>
        promise.then(
          () => undefined,
          (error: unknown) => error as Error & { code?: string },
        );
      try {
        const slow = await failure(waiter.query("set statement_timeout = '50ms'; select pg_sleep(1)"));
        assert.equal(slow?.code, '57014');
        assert.equal(isDatabaseUnavailable(slow), true);

        await waiter.query('reset statement_timeout');
        await holder.query('create table if not exists unavailable_probe (id int)');
        await holder.query('begin; lock table unavailable_probe in access exclusive mode');
        const locked = await failure(
          waiter.query("begin; set local lock_timeout = '50ms'; select * from unavailable_probe"),
        );
        assert.equal(locked?.code, '55P03');
        assert.equal(isDatabaseUnavailable(locked), true);
      } finally {
        await waiter.query('rollback').catch(() => {});
        await holder.query('rollback').catch(() => {});
        holder.release();
        waiter.release();
        await pool.end();
      }
    });
  });
}
