import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { MIGRATIONS_DIR } from '../paths';
import { describeEachDatabase } from '../test/app';
import { postgresTestUrl } from '../test/databases';
import { raceRounds } from '../test/races';
import { createPostgresDatabase, type DatabaseHandle } from './database';
import { migrate, readMigrations, REWORDED_FILE } from './migrator';

const createdDirs: string[] = [];
after(() => {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
});

/** A temporary migrations folder holding `files`; removed when the file's tests end. */
function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'varco-migrations-'));
  createdDirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

it('reads NNNN_name.sql files in version order and refuses other names or repeated versions', () => {
  const dir = migrationsDir({
    '0002_second.sql': 'select 2;',
    '0001_first.sql': 'select 1;',
    'README.md': 'not a migration',
  });
  assert.deepEqual(
    readMigrations(dir).map((migration) => [migration.version, migration.name]),
    [
      [1, 'first'],
      [2, 'second'],
    ],
  );
  assert.throws(() => readMigrations(migrationsDir({ 'first.sql': 'select 1;' })), /is not named NNNN_snake_case\.sql/);
  assert.throws(
    () => readMigrations(migrationsDir({ '0001_a.sql': 'select 1;', '0001_b.sql': 'select 1;' })),
    /share version 1/,
  );
});

it('keeps the project migrations numbered from 0001 without gaps', () => {
  const versions = readMigrations(MIGRATIONS_DIR).map((migration) => migration.version);
  assert.deepEqual(
    versions,
    versions.map((_, index) => index + 1),
  );
});

describeEachDatabase('migrator', ({ kind, database, postgresOnly }) => {
  /**
   * Each test works in its own schema, so that it starts from an empty database although the process's database is
   * already migrated: PGlite has one session, whose search_path is switched; PostgreSQL gets pools whose connections
   * start in that schema.
   */
  let schemaCount = 0;
  const extraHandles: DatabaseHandle[] = [];

  async function scratch(): Promise<{ schema: string; open: () => DatabaseHandle }> {
    schemaCount += 1;
    const schema = `scratch_${schemaCount}`;
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database().db);
    await sql`create schema ${sql.id(schema)}`.execute(database().db);
    if (kind === 'pglite') {
      await sql`set search_path to ${sql.id(schema)}`.execute(database().db);
      return { schema, open: () => database() };
    }
    return {
      schema,
      open: () => {
        const handle = createPostgresDatabase(postgresTestUrl({ options: `-c search_path=${schema}` }), { poolMax: 2 });
        extraHandles.push(handle);
        return handle;
      },
    };
  }

  async function tables(schema: string): Promise<string[]> {
    const result = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(
      database().db,
    );
    return result.rows.map((row) => row.table_name);
  }

  before(async () => {
    await database()
      .db.selectNoFrom(sql`1`.as('one'))
      .execute();
  });

  after(async () => {
    if (kind === 'pglite') await sql`set search_path to public`.execute(database().db);
    await Promise.all(extraHandles.map((handle) => handle.close()));
    for (let index = 1; index <= schemaCount; index += 1)
      await sql`drop schema if exists ${sql.id(`scratch_${index}`)} cascade`.execute(database().db);
  });

  it('applies the project migrations to an empty database, then finds nothing to do', async () => {
    const { schema, open } = await scratch();
    const handle = open();
    const migrations = readMigrations(MIGRATIONS_DIR);
    assert.deepEqual(
      await migrate(handle, migrations),
      migrations.map((migration) => migration.filename),
    );
    assert.deepEqual(await migrate(handle, migrations), []);
    assert.deepEqual(await tables(schema), [
      'abuse_limit',
      'account_key',
      'airport',
      'captcha_challenge',
      'claim',
      'country',
      'document_type',
      'exit_point_client',
      'exit_point_event',
      'free_zone',
      'invoice',
      'mail_outbox',
      'merchant',
      'notification',
      'oidc_login',
      'otp',
      'passkey',
      'passkey_user',
      'schema_migrations',
      'session',
      'shop',
      'ticket_type',
      'transport_type',
      'traveler',
      'visa_request',
      'visa_request_invoice',
      'webauthn_challenge',
    ]);
    const countries = await sql<{
      count: number;
    }>`select count(*)::int as count from ${sql.id(schema, 'country')}`.execute(database().db);
    assert.equal(countries.rows[0]!.count, 250);
  });

  const twoFiles = {
    '0001_notes.sql':
      "create table note (id int primary key, body text);\ninsert into note values (1, 'semi; colon');\n",
    '0002_more.sql': "alter table note add column extra text;\ninsert into note values (2, 'two', 'x');\n",
  };
  /** What the two files leave in `schema`, and the versions recorded as applied. */
  async function assertTwoFilesApplied(schema: string): Promise<void> {
    const notes = await sql<{
      id: number;
      body: string;
    }>`select id, body from ${sql.id(schema, 'note')} order by id`.execute(database().db);
    assert.deepEqual(notes.rows, [
      { id: 1, body: 'semi; colon' },
      { id: 2, body: 'two' },
    ]);
    const recorded = await sql<{
      version: number;
    }>`select version from ${sql.id(schema, 'schema_migrations')} order by version`.execute(database().db);
    assert.deepEqual(
      recorded.rows.map((row) => row.version),
      [1, 2],
    );
  }

  it('runs multi-statement files', async () => {
    const { schema, open } = await scratch();
    assert.deepEqual(await migrate(open(), readMigrations(migrationsDir(twoFiles))), [
      '0001_notes.sql',
      '0002_more.sql',
    ]);
    await assertTwoFilesApplied(schema);
  });

  it(
    'applies each file once when two instances migrate together',
    postgresOnly('the two instances migrate over connections of their own at once'),
    async () => {
      const dir = migrationsDir(twoFiles);
      // Each round opens two pools of its own on a new schema, closed with the round: few connections held at a time.
      await raceRounds(async () => {
        const { schema, open } = await scratch();
        const instances = [open(), open()];
        try {
          const [first, second] = await Promise.all(
            instances.map((instance) => migrate(instance, readMigrations(dir))),
          );
          assert.deepEqual([...first!, ...second!].sort(), ['0001_notes.sql', '0002_more.sql']);
          assert.ok(first!.length === 0 || second!.length === 0, 'one instance applied everything, the other nothing');
          await assertTwoFilesApplied(schema);
        } finally {
          for (const instance of instances) extraHandles.splice(extraHandles.indexOf(instance), 1);
          await Promise.all(instances.map((instance) => instance.close()));
        }
      });
    },
  );

  it('leaves the database untouched when a file fails', async () => {
    const { schema, open } = await scratch();
    const dir = migrationsDir({
      '0001_good.sql': 'create table kept (id int);',
      '0002_bad.sql': 'create table broken (id int);\nselect * from missing_table;',
    });
    await assert.rejects(migrate(open(), readMigrations(dir)), /missing_table/);
    assert.deepEqual(await tables(schema), []);
  });

  it('refuses to run when an applied file was changed', async () => {
    const { open } = await scratch();
    const dir = migrationsDir({ '0001_first.sql': 'create table first (id int);' });
    const handle = open();
    await migrate(handle, readMigrations(dir));
    writeFileSync(join(dir, '0001_first.sql'), 'create table first (id bigint);');
    await assert.rejects(migrate(handle, readMigrations(dir)), /0001_first\.sql was changed after it was applied/);
  });

  it('takes a file whose comments alone were reworded, listed in REWORDED, as the one applied; nothing else', async () => {
    const { schema, open } = await scratch();
    const earlier = '-- The first table (ticket 7).\ncreate table first (id int);';
    const reworded = '-- The first table.\ncreate table first (id int);';
    const dir = migrationsDir({ '0001_first.sql': earlier });
    const handle = open();
    await migrate(handle, readMigrations(dir));
    const [before] = readMigrations(dir);
    writeFileSync(join(dir, '0001_first.sql'), reworded);
    const [after] = readMigrations(dir);
    writeFileSync(join(dir, REWORDED_FILE), `${before!.checksum} ${after!.checksum} 0001_first.sql\n`);

    assert.deepEqual(await migrate(handle, readMigrations(dir)), []);
    const recorded = await sql<{ checksum: string }>`
      select checksum from ${sql.id(schema, 'schema_migrations')} where version = 1`.execute(database().db);
    assert.equal(recorded.rows[0]?.checksum, after!.checksum);
    assert.deepEqual(await migrate(handle, readMigrations(dir)), []);

    // The entry names the reworded text: a later change of the file is refused as any other.
    writeFileSync(join(dir, '0001_first.sql'), '-- The first table.\ncreate table first (id bigint);');
    await assert.rejects(migrate(handle, readMigrations(dir)), /0001_first\.sql was changed after it was applied/);
  });
});
