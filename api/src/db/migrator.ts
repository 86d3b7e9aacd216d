import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

export interface Migration {
  version: number;
  name: string;
  filename: string;
  sql: string;
  /** sha256 of the file: an applied migration must never change. */
  checksum: string;
  /** Earlier checksums of this very file whose change was a comment's only (`REWORDED`): a database may hold one. */
  rewordedFrom: string[];
}

/**
 * `REWORDED` beside the migrations: `<earlier sha256> <current sha256> <file>` per line, for a committed migration
 * whose comments alone were reworded. A database that applied the earlier text takes the current one as the same
 * migration; any other change still stops the start. Checked against the current file, so it covers no later edit.
 */
export const REWORDED_FILE = 'REWORDED';

function rewordings(dir: string): Map<string, Array<{ from: string; to: string }>> {
  const path = join(dir, REWORDED_FILE);
  const entries = new Map<string, Array<{ from: string; to: string }>>();
  if (!existsSync(path)) return entries;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [from, to, filename] = line.trim().split(/\s+/);
    if (!from || !to || !filename) continue;
    entries.set(filename, [...(entries.get(filename) ?? []), { from, to }]);
  }
  return entries;
}

export interface MigrationLogger {
  info(payload: object, message: string): void;
  warn(payload: object, message: string): void;
}

/**
 * Key of the PostgreSQL advisory lock that serialises migrations: every api instance that starts takes it, so only
 * one applies the pending files and the others then find nothing to do. Any constant works as long as it is fixed.
 */
export const MIGRATION_LOCK_KEY = 7_263_240_015;

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_name.sql` files in version order; any other `.sql` file or a repeated version is an error. */
export function readMigrations(dir: string): Migration[] {
  const reworded = rewordings(dir);
  const migrations = readdirSync(dir)
    .filter((filename) => filename.endsWith('.sql'))
    .map((filename) => {
      const match = MIGRATION_FILE.exec(filename);
      if (!match) throw new Error(`Migration file ${filename} is not named NNNN_snake_case.sql`);
      const text = readFileSync(join(dir, filename), 'utf8');
      const checksum = createHash('sha256').update(text).digest('hex');
      return {
        version: Number(match[1]),
        name: match[2]!,
        filename,
        sql: text,
        checksum,
        rewordedFrom: (reworded.get(filename) ?? []).filter(({ to }) => to === checksum).map(({ from }) => from),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (index > 0 && migrations[index - 1]!.version === migration.version) {
      throw new Error(
        `Two migrations share version ${migration.version}: ${migrations[index - 1]!.filename}, ${migration.filename}`,
      );
    }
  });
  return migrations;
}

/**
 * Applies the pending migrations, in order, in one transaction that holds an advisory lock: two instances starting
 * together cannot both apply a file, and a failing file leaves the database as it was. Returns the applied files.
 */
export async function migrate(
  handle: DatabaseHandle,
  migrations: Migration[],
  logger?: MigrationLogger,
): Promise<string[]> {
  return handle.db.transaction().execute(async (trx) => {
    // Taken first: even creating the bookkeeping table must not race with another instance.
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);

    const applied = await trx.selectFrom('schema_migrations').select(['version', 'name', 'checksum']).execute();
    const appliedByVersion = new Map(applied.map((row) => [row.version, row]));
    const known = new Set(migrations.map((migration) => migration.version));

    for (const migration of migrations) {
      const row = appliedByVersion.get(migration.version);
      if (!row || row.checksum === migration.checksum) continue;
      if (!migration.rewordedFrom.includes(row.checksum)) {
        throw new Error(
          `Migration ${migration.filename} was changed after it was applied; add a new migration instead`,
        );
      }
      await trx
        .updateTable('schema_migrations')
        .set({ checksum: migration.checksum })
        .where('version', '=', migration.version)
        .execute();
      logger?.info({ migration: migration.filename }, 'migration record updated: its comments were reworded');
    }
    for (const row of applied) {
      // A newer instance may have applied files this one does not have yet (a rolling deploy): not an error.
      if (!known.has(row.version))
        logger?.warn({ version: row.version, name: row.name }, 'database has a migration this build does not know');
    }

    const pending = migrations.filter((migration) => !appliedByVersion.has(migration.version));
    for (const migration of pending) {
      await handle.runScript(trx, migration.sql);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, checksum: migration.checksum })
        .execute();
      logger?.info({ migration: migration.filename }, 'migration applied');
    }
    return pending.map((migration) => migration.filename);
  });
}
