import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './types';

/**
 * One database for the api: Kysely over a PostgreSQL pool or over embedded PGlite. Both speak the same SQL; the only
 * difference the rest of the api sees is `runScript`, because PGlite's `query` refuses multi-statement text.
 */
export interface DatabaseHandle {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Kysely<Database>;
  /**
   * Runs a multi-statement SQL script (a migration) inside the transaction `trx` that the caller holds. On PGlite
   * there is one session only, and the caller's transaction holds it, so the script runs in that transaction.
   */
  runScript(trx: Transaction<Database>, script: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseLogger {
  error(payload: object, message: string): void;
}

export function createPostgresDatabase(url: string, options: { poolMax?: number; logger?: DatabaseLogger } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle PostgreSQL client failed'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    db,
    async runScript(trx, script) {
      // Without parameters, pg uses the simple query protocol, which accepts several statements.
      await sql.raw(script).execute(trx);
    },
    close: () => db.destroy(),
  };
}

/** Wraps an open PGlite instance. `close` closes the instance too. */
export function createPgliteDatabase(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    kind: 'pglite',
    db,
    async runScript(_trx, script) {
      await pglite.exec(script);
    },
    close: () => db.destroy(),
  };
}

/** Opens (creating it on first use) the embedded database persisted in `dataDir`. */
export async function openPgliteDatabase(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return createPgliteDatabase(pglite);
}

export async function openDatabase(
  config: { databaseUrl: string | undefined; databasePoolMax: number; dataDir: string },
  logger?: DatabaseLogger,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return createPostgresDatabase(config.databaseUrl, { poolMax: config.databasePoolMax, ...(logger ? { logger } : {}) });
  }
  return openPgliteDatabase(config.dataDir);
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function isDatabaseReady(db: Kysely<Database>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1 as ok`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
