import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  PostgresDialect,
  sql,
  type LogEvent,
  type PostgresPool,
  type PostgresPoolClient,
  type Transaction,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { postgresTarget, tracedDialect } from '../telemetry/database';
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
  /**
   * LISTEN on `channel` (`NOTIFY`/`pg_notify` of any process on the same database): `onMessage` gets each payload.
   * PostgreSQL: a dedicated connection, opened again after a loss or a failed start (every 2 s until it works), and `onReset` is called
   * when it is lost and again when it is back, since messages may have been missed in between. PGlite: the instance's
   * own listeners (one process). Returns the stop function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReset?: () => void): Promise<() => Promise<void>>;
  /**
   * Calls `observer` after every statement Kysely runs (its duration, and its error when it failed): the metrics' query
   * latency. Returns the function that stops it.
   */
  observeQueries(observer: QueryObserver): () => void;
  /** The connection pool's figures now; undefined on PGlite, whose one connection runs every statement in turn. */
  pool(): PoolFigures | undefined;
  close(): Promise<void>;
}

export type QueryObserver = (event: LogEvent) => void;

export interface PoolFigures {
  /** The most connections the pool opens (DATABASE_POOL_MAX). */
  max: number;
  /** Connections open, checked out or idle. */
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
  /** Connections handed out since the start, and the seconds their callers waited for them in all. */
  acquired: number;
  acquireSeconds: number;
}

/**
 * Kysely's log hook, the one place every statement passes through on both databases, dispatched to the observers of
 * the moment (none unless metrics are on).
 */
function queryObservers() {
  const observers = new Set<QueryObserver>();
  return {
    log(event: LogEvent) {
      for (const observer of observers) observer(event);
    },
    observe(observer: QueryObserver) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },
  };
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
function withPreparedStatements(pool: pg.Pool, figures: { acquired: number; acquireSeconds: number }): PostgresPool {
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  return {
    async connect() {
      // The wait for a connection, summed: its rate is the mean number of callers waiting (the pool's saturation).
      const asked = performance.now();
      const client = await pool.connect();
      figures.acquired += 1;
      figures.acquireSeconds += (performance.now() - asked) / 1000;
      let names = prepared.get(client);
      if (!names) {
        names = new Set<string>();
        prepared.set(client, names);
      }
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

export function createPostgresDatabase(
  url: string,
  options: { poolMax?: number; logger?: DatabaseLogger } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its server emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', (error) => options.logger?.error({ err: error }, 'idle PostgreSQL client failed'));
  // The pool listens for errors of idle clients only: a checked-out client whose server goes away emits 'error' on
  // itself, and an 'error' without a listener ends the process. The listener is added as the client is created (the
  // pool's 'connect' event), not once it is handed out: a server that shuts down as the connection opens sends its
  // greeting and its end in one packet, and the end arrives before the code that asked for the client resumes.
  // The query in progress, or the next one, fails on its own; the pool drops the broken client on release.
  pool.on('connect', (client) =>
    client.on('error', (error) => options.logger?.error({ err: error }, 'PostgreSQL connection lost while in use')),
  );
  const acquisitions = { acquired: 0, acquireSeconds: 0 };
  const queries = queryObservers();
  const db = new Kysely<Database>({
    dialect: tracedDialect(
      new PostgresDialect({ pool: withPreparedStatements(pool, acquisitions) }),
      postgresTarget(url),
    ),
    log: queries.log,
  });
  return {
    kind: 'postgres',
    db,
    async runScript(trx, script) {
      // Without parameters, pg uses the simple query protocol, which accepts several statements.
      await sql.raw(script).execute(trx);
    },
    listen: (channel, onMessage, onReset) => listenPostgres(url, channel, onMessage, onReset, options.logger),
    observeQueries: queries.observe,
    pool: () => ({
      max: pool.options.max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      ...acquisitions,
    }),
    close: () => db.destroy(),
  };
}

/** A connection of its own that LISTENs on `channel`, reopened after a loss (see DatabaseHandle.listen). */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReset?: () => void,
  logger?: DatabaseLogger,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const candidate = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    candidate.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    const lost = (error?: unknown) => {
      if (client !== candidate) return;
      client = undefined;
      candidate.end().catch(() => {});
      if (stopped) return;
      logger?.error({ err: error }, `LISTEN ${channel}: connection lost, reopening`);
      onReset?.();
      retry = setTimeout(() => void reopen(), 2_000);
      retry.unref();
    };
    candidate.on('error', lost);
    candidate.on('end', () => lost());
    client = candidate;
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(error);
      throw error;
    }
  };
  const reopen = async () => {
    if (stopped) return;
    try {
      await open();
      onReset?.();
    } catch {
      // `lost` has planned the next attempt
    }
  };
  // A database that does not answer yet must not stop the api from starting (/readyz tells it): `lost` has planned
  // the next attempt, and until then the cache's lifetime bounds what this instance can miss.
  await open().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}

/** Wraps an open PGlite instance. `close` closes the instance too. */
export function createPgliteDatabase(pglite: PGlite): DatabaseHandle {
  const queries = queryObservers();
  const db = new Kysely<Database>({ dialect: tracedDialect(new PGliteDialect(pglite)), log: queries.log });
  return {
    kind: 'pglite',
    db,
    observeQueries: queries.observe,
    pool: () => undefined,
    async runScript(_trx, script) {
      await pglite.exec(script);
    },
    async listen(channel, onMessage) {
      const unlisten = await pglite.listen(channel, onMessage);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
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
    return createPostgresDatabase(config.databaseUrl, {
      poolMax: config.databasePoolMax,
      ...(logger ? { logger } : {}),
    });
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
