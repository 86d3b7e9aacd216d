// Test databases: embedded PGlite always, PostgreSQL too when TEST_DATABASE_URL names a server. Each test file runs
// in its own process (Node's test runner), and each process opens each database once and shares it between tests.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../db/database';
import { migrate, readMigrations } from '../db/migrator';
import { MIGRATIONS_DIR } from '../paths';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases this run covers: PGlite always, PostgreSQL when `TEST_DATABASE_URL` is set; `TEST_DATABASES` (a comma
 * list) narrows them, so that the test runner can give each database a process of its own (scripts/run-tests.mjs).
 */
export function databaseKinds(): DatabaseKind[] {
  const available: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const chosen = process.env.TEST_DATABASES?.split(',').map((name) => name.trim());
  return chosen ? available.filter((kind) => chosen.includes(kind)) : available;
}

/**
 * The options of a test that only a real server can make fail: two connections racing (two requests, dispatchers or
 * migrators at once), a connection lost. PGlite has one connection that runs every statement in turn, so there the test
 * would pass whatever the code does: it is skipped, and the summary of the run says why.
 */
export function postgresOnly(kind: DatabaseKind, why: string): { skip?: string } {
  return kind === 'postgres' ? {} : { skip: `only meaningful on PostgreSQL: ${why}` };
}

/** `postgres://…/<name>`: the same server as `url`, another database. */
export function withDatabaseName(url: string, name: string, query: Record<string, string> = {}): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  for (const [key, value] of Object.entries(query)) parsed.searchParams.set(key, value);
  return parsed.toString();
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * PGlite: initialising a new database costs ~5 s and ~900 MB, loading a dump of one ~0.7 s. The first test process
 * creates an in-memory database, migrates it and dumps it to a file in the temporary folder, named by the PGlite
 * version and the migrations' contents; later processes (and later runs) load that file. A changed migration
 * changes the name, so a stale template is never used.
 */
async function openPglite(): Promise<DatabaseHandle> {
  const migrations = readMigrations(MIGRATIONS_DIR);
  // The package exports no package.json; its entry point sits in dist/, one level below it.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = (
    JSON.parse(readFileSync(join(dirname(pgliteEntry), '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const key = createHash('sha256')
    .update(
      [
        'template-v1',
        pgliteVersion,
        ...migrations.map((migration) => `${migration.filename}:${migration.checksum}`),
      ].join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const templateFile = join(tmpdir(), `varco-api-pglite-${key}.tar`);

  if (existsSync(templateFile)) {
    try {
      const pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(templateFile)]) });
      return createPgliteDatabase(pglite);
    } catch {
      rmSync(templateFile, { force: true }); // unreadable: rebuild it below
    }
  }
  const pglite = await PGlite.create();
  const handle = createPgliteDatabase(pglite);
  await migrate(handle, migrations);
  const dump = await pglite.dumpDataDir('none');
  // Written aside then renamed: a concurrent run never reads half a file.
  const partial = `${templateFile}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, templateFile);
  // Templates of older migrations are 40 MB each and never used again.
  for (const name of readdirSync(tmpdir())) {
    if (/^varco-api-pglite-[0-9a-f]{16}\.tar$/.test(name) && join(tmpdir(), name) !== templateFile)
      rmSync(join(tmpdir(), name), { force: true });
  }
  return handle;
}

/** PostgreSQL: a fresh database per test process, `varco_test_<pid>`, dropped when the process's tests end. */
async function openPostgres(serverUrl: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const name = `varco_test_${process.pid}`;
  await adminQuery(serverUrl, `drop database if exists ${quoteIdentifier(name)} with (force)`);
  await adminQuery(serverUrl, `create database ${quoteIdentifier(name)}`);
  const handle = createPostgresDatabase(withDatabaseName(serverUrl, name), { poolMax: 5 });
  return { handle, drop: () => adminQuery(serverUrl, `drop database if exists ${quoteIdentifier(name)} with (force)`) };
}

const opened = new Map<DatabaseKind, Promise<{ handle: DatabaseHandle; drop?: () => Promise<void> }>>();

/** The process's database of `kind`, opened on first use. The app migrates it on start (a no-op after the first). */
export async function testDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  let entry = opened.get(kind);
  if (!entry) {
    entry =
      kind === 'pglite' ? openPglite().then((handle) => ({ handle })) : openPostgres(process.env.TEST_DATABASE_URL!);
    opened.set(kind, entry);
  }
  return (await entry).handle;
}

/** The server URL and the name of this process's PostgreSQL test database (for tests that open more pools). */
export function postgresTestUrl(query: Record<string, string> = {}): string {
  return withDatabaseName(process.env.TEST_DATABASE_URL!, `varco_test_${process.pid}`, query);
}

// Registered when a test file imports this module: closes (and drops) the databases once the file's tests are done.
after(async () => {
  for (const entry of opened.values()) {
    const { handle, drop } = await entry;
    await handle.close();
    await drop?.();
  }
  opened.clear();
});
