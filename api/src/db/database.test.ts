import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createPostgresDatabase } from './database';
import { databaseKinds, postgresOnly, postgresTestUrl, testDatabase } from '../test/databases';
import { until } from '../test/wait';

// A lost connection only exists on a PostgreSQL server: PGlite runs in the process. On PGlite the tests show as skipped.
for (const kind of databaseKinds()) {
  const onlyWithAServer = postgresOnly(kind, 'PGlite runs in the process: it has no connection to lose');
  describe(`a PostgreSQL connection lost while in use [${kind}]`, () => {
    it('fails the transaction that held it and leaves the process and the pool working', onlyWithAServer, async () => {
      await testDatabase('postgres'); // creates this process's test database
      const errors: string[] = [];
      const handle = createPostgresDatabase(postgresTestUrl(), {
        poolMax: 2,
        logger: { error: (_payload, message) => errors.push(message) },
      });
      const admin = new pg.Client({ connectionString: postgresTestUrl() });
      await admin.connect();
      try {
        const transaction = handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // The server ends this connection while the transaction holds it, between two of its queries.
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await until('the pool to report the lost connection', () => errors.length > 0);
          await sql`select 1`.execute(trx);
        });
        await assert.rejects(transaction);
        assert.ok(errors.includes('PostgreSQL connection lost while in use'));
        const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(handle.db);
        assert.deepEqual(rows, [{ ok: 1 }]);
      } finally {
        await admin.end();
        await handle.close();
      }
    });

    it(
      'LISTEN: a lost connection resets the caches, reconnects, and hears the next message',
      onlyWithAServer,
      async () => {
        await testDatabase('postgres');
        const handle = createPostgresDatabase(postgresTestUrl(), { poolMax: 1, logger: { error: () => undefined } });
        const heard: string[] = [];
        let resets = 0;
        const stop = await handle.listen(
          'varco_lost_listen',
          (payload) => heard.push(payload),
          () => (resets += 1),
        );
        const admin = new pg.Client({ connectionString: postgresTestUrl() });
        await admin.connect();
        try {
          await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "varco_lost_listen"'`,
          );
          // Once when lost (messages may be missed from now on), once when back.
          await until('the reconnection', () => resets >= 2);
          await admin.query(`select pg_notify('varco_lost_listen', 'after the loss')`);
          await until('the message', () => heard.includes('after the loss'));
        } finally {
          await admin.end();
          await stop();
          await handle.close();
        }
      },
    );
  });
}

/** A PostgreSQL backend message: its type, its length, its body. */
const backendMessage = (type: string, body: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
};

describe('a PostgreSQL server that shuts down as a connection opens', () => {
  it('fails the query on that connection and leaves the process alive (the greeting and the end in one packet)', async () => {
    // A server that accepts the connection and ends it at once, as a backend does when a fast shutdown reaches it
    // right after it said it was ready: one packet holds "ready for query" and "terminating connection".
    const goodbye = Buffer.concat([
      backendMessage('R', Buffer.from([0, 0, 0, 0])), // authentication ok
      backendMessage('Z', Buffer.from('I')), // ready for query
      backendMessage('E', Buffer.from('SFATAL\0C57P01\0Mterminating connection due to administrator command\0\0')),
    ]);
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => socket.end(goodbye));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const errors: string[] = [];
    const handle = createPostgresDatabase(`postgres://varco@127.0.0.1:${port}/varco`, {
      logger: { error: (_payload, message) => errors.push(message) },
    });
    try {
      await assert.rejects(sql`select 1`.execute(handle.db));
      assert.deepEqual(errors, ['PostgreSQL connection lost while in use']);
    } finally {
      await handle.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
