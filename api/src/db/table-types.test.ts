import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { SERVER_LANGUAGES } from '@varco/contracts';
import { sql } from 'kysely';
import { MIGRATIONS_DIR } from '../paths';
import { describeEachDatabase } from '../test/app';
import { migrate, readMigrations } from './migrator';
import { GENERATED_TYPES_FILE, generateTableTypes } from './table-types';

describeEachDatabase('table types', ({ database }) => {
  it('are what the migrations give (run `npm run generate:types --workspace @varco/api` after changing one)', async () => {
    assert.equal(await generateTableTypes(database()), readFileSync(GENERATED_TYPES_FILE, 'utf8'));
  });

  it('keep every language column to the server languages of @varco/contracts, no more and no fewer', async () => {
    await migrate(database(), readMigrations(MIGRATIONS_DIR));
    const { rows } = await sql<{ table: string; definition: string }>`
      select rel.relname as table, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class rel on rel.oid = c.conrelid
      where c.contype = 'c' and c.conname like '%language_check'
      order by rel.relname`.execute(database().db);
    assert.deepEqual(
      rows.map((row) => row.table),
      ['captcha_challenge', 'mail_outbox', 'merchant', 'traveler'],
    );
    for (const { table, definition } of rows) {
      const values = [...definition.matchAll(/'([^']*)'::text/g)].map(([, value]) => value);
      assert.deepEqual(values, [...SERVER_LANGUAGES], `${table}: a language added to contracts needs a migration`);
    }
  });
});
