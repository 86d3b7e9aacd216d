// What the api benches share: where the api build is, their env knobs, the bench database on the PostgreSQL server,
// its generated data (api/dist/generate.mjs) and FULL sessions written straight into `session`.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { run } from './processes.mjs';

export const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const apiDir = join(benchDir, '..', '..', 'api');
/** The api build to measure (a folder with dist/server.mjs and migrations/ beside it): the repository's by default. */
export const serverDir = process.env.BENCH_API_DIR ?? apiDir;

/** A non-negative integer from the environment (underscores allowed: 1_000_000), or `fallback`. */
export function integer(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

/** The env knob of each setting an api bench reads (README, "The api benches"). */
const SETTING_ENV = {
  travelers: 'BENCH_TRAVELERS',
  invoices: 'BENCH_INVOICES',
  sessions: 'BENCH_SESSIONS',
  online: 'BENCH_TRAVELERS_ONLINE',
  connections: 'BENCH_CONNECTIONS',
  seconds: 'BENCH_DURATION',
  warmUpSeconds: 'BENCH_WARMUP',
  rounds: 'BENCH_ROUNDS',
  simulationSeconds: 'BENCH_SIMULATION',
  apiPoolMax: 'BENCH_API_POOL_MAX',
  instances: 'BENCH_INSTANCES',
  kiosks: 'BENCH_KIOSKS',
  scanRate: 'BENCH_SCAN_RATE',
};

/**
 * An api bench's settings (`defaults` names those it reads, each from its env knob; the api's pool 10 by default), the
 * calls it is asked to measure (`BENCH_CALLS`, comma-separated; all when empty) and where its report goes.
 */
export function benchSettings(resultsName, defaults) {
  const settings = Object.fromEntries(
    Object.entries({ apiPoolMax: 10, ...defaults }).map(([key, fallback]) => [
      key,
      integer(SETTING_ENV[key], fallback),
    ]),
  );
  const only = (process.env.BENCH_CALLS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return { settings, only, resultsFile: process.env.BENCH_RESULTS ?? join(benchDir, 'results', resultsName) };
}

const SERVER_URL = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
export const DATABASE = process.env.BENCH_DATABASE ?? 'varco_bench';
export const DATABASE_URL = `${SERVER_URL}/${DATABASE}`;

/** Creates the bench database unless it exists. */
export async function ensureDatabase(log) {
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (rowCount === 0) {
      await admin.query(`create database "${DATABASE.replace(/"/g, '""')}"`);
      log(`created database ${DATABASE}`);
    } else {
      log(`reusing database ${DATABASE}`);
    }
  } finally {
    await admin.end();
  }
}

/** Fills the bench database up to these sizes (what is there already is kept); returns the seconds it took. */
export async function generate({ travelers, invoices }) {
  const generator = join(apiDir, 'dist', 'generate.mjs');
  if (!existsSync(generator))
    throw new Error(`${generator} is missing: run npm run build --workspace @varco/api first`);
  const startedAt = Date.now();
  await run(process.execPath, [generator, '--travelers', String(travelers), '--invoices', String(invoices)], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL },
  });
  return Math.round((Date.now() - startedAt) / 100) / 10;
}

/** The demo data (api/dist/seed.mjs: a few travelers and merchants, the exit point's demo kiosk and officer), if missing. */
export async function seedDemo() {
  const seed = join(apiDir, 'dist', 'seed.mjs');
  if (!existsSync(seed)) throw new Error(`${seed} is missing: run npm run build --workspace @varco/api first`);
  await run(process.execPath, [seed], { cwd: apiDir, env: { ...process.env, DATABASE_URL } });
}

const sha256 = (value) => createHash('sha256').update(value).digest('hex');

/**
 * A FULL session for each row (`traveler_id` and whatever else the bench keeps), written straight into `session`;
 * each row comes back with its cookie `token`, `hash` and `travelerId`.
 */
export async function insertSessions(client, rows) {
  const sessions = rows.map(({ traveler_id: travelerId, ...rest }) => {
    const token = randomBytes(32).toString('base64url');
    return { ...rest, travelerId, token, hash: sha256(token) };
  });
  // last_seen_at now: the api then touches each session once a minute at most, as in real use.
  await client.query(
    `insert into session (token_hash, traveler_id, level, created_at, last_seen_at, expires_at)
     select unnest($1::text[]), unnest($2::int[]), 'FULL', now(), now(), now() + interval '2 hours'`,
    [sessions.map((session) => session.hash), sessions.map((session) => session.travelerId)],
  );
  return sessions;
}

/** `count` FULL sessions of distinct random bench travelers (of the first `travelers`). */
export async function openTravelerSessions(client, { travelers, count }) {
  const { rows } = await client.query(
    `select t.id as traveler_id
     from (select distinct 1 + floor(random() * $1::int)::int as n from generate_series(1, $2::int)) picks
     join traveler t on lower(t.email) = 'bench-' || picks.n || '@bench.varco.invalid'
     limit $3::int`,
    [travelers, Math.ceil(count * 1.3) + 10, count],
  );
  if (rows.length === 0) throw new Error('no bench traveler: did the generator run?');
  return insertSessions(client, rows);
}

/**
 * `count` FULL sessions of random bench travelers (of the first `travelers`) who hold invoices, each with one of that
 * traveler's refund ids (`refundId`) for the detail call.
 */
export async function openInvoiceSessions(client, { travelers, count }) {
  const { rows } = await client.query(
    `with picks as (
       select distinct 1 + floor(random() * $1::int)::int as n from generate_series(1, $2::int)
     )
     select t.id as traveler_id, own.id as refund_id
     from picks
     join traveler t on lower(t.email) = 'bench-' || picks.n || '@bench.varco.invalid'
     cross join lateral (
       select i.id from invoice i
       where i.document_type = t.tipo_documento and i.document_country = t.paese_documento
         and i.document_number = upper(t.numero_documento) and i.cancelled_at is null
       order by random() limit 1
     ) own
     limit $3::int`,
    [travelers, Math.ceil(count * 1.2) + 10, count],
  );
  if (rows.length === 0) throw new Error('no bench traveler with invoices: did the generator run?');
  return insertSessions(
    client,
    rows.map((row) => ({ traveler_id: row.traveler_id, refundId: row.refund_id })),
  );
}

export async function closeSessions(client, sessions, log) {
  if (!sessions?.length) return;
  const { rowCount } = await client.query('delete from session where token_hash = any($1::text[])', [
    sessions.map((session) => session.hash),
  ]);
  log(`deleted ${rowCount} bench sessions`);
}
