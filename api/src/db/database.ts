import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type Transaction } from 'kysely';
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

/** Distinct prepared statements kept per connection; past it, statements go unnamed (planned at every call). */
export const PREPARED_STATEMENTS_PER_CONNECTION = 500;

const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) {
    name = `varco_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 10 * PREPARED_STATEMENTS_PER_CONNECTION) statementNames.set(text, name);
  }
  return name;
};

/**
 * The pool as Kysely sees it, with every parameterised statement named after its text: PostgreSQL then parses and
 * plans it once per connection instead of at every call, which halves the cost of the api's short queries. Scripts
 * without parameters (migrations, several statements) keep the simple protocol, which a named statement cannot use.
 */
function withPreparedStatements(pool: pg.Pool): PostgresPool {
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  return {
    async connect() {
      const client = await pool.connect();
      const names = prepared.get(client) ?? new Set<string>();
      prepared.set(client, names);
      const query = (text: string, values: readonly unknown[] = []) => {
        // A cursor (Kysely's streaming) or a script without parameters goes through as it is.
        if (typeof text !== 'string' || values.length === 0) return client.query(text, [...values]);
        const name = statementName(text);
        if (!names.has(name)) {
          if (names.size >= PREPARED_STATEMENTS_PER_CONNECTION) return client.query(text, [...values]);
          names.add(name);
        }
        return client.query({ name, text, values: [...values] });
      };
      return { query, release: () => client.release() } as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

export function createPostgresDatabase(url: string, options: { poolMax?: number; logger?: DatabaseLogger } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle PostgreSQL client failed'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }) });
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
