import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createPostgresDatabase } from './database';
import { databaseKinds, postgresTestUrl, testDatabase } from '../test/databases';

// A lost connection only exists on a PostgreSQL server: PGlite runs in the process.
if (databaseKinds().includes('postgres')) {
  describe('a PostgreSQL connection lost while in use [postgres]', () => {
    it('fails the transaction that held it and leaves the process and the pool working', async () => {
      await testDatabase('postgres'); // creates this process's test database
      const errors: string[] = [];
      const handle = createPostgresDatabase(postgresTestUrl(), { poolMax: 2, logger: { error: (_payload, message) => errors.push(message) } });
      const admin = new pg.Client({ connectionString: postgresTestUrl() });
      await admin.connect();
      try {
        const transaction = handle.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
          // The server ends this connection while the transaction holds it, between two of its queries.
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await new Promise<void>((resolve) => {
            const poll = setInterval(() => {
              if (errors.length > 0) {
                clearInterval(poll);
                resolve();
              }
            }, 10);
          });
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
  });
}
