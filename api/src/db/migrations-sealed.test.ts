import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MIGRATIONS_DIR } from '../paths';
import { readMigrations, REWORDED_FILE } from './migrator';

/**
 * A migration, once committed, is never edited: every database that applied it keeps its checksum, and the api refuses
 * to start on a database whose applied migration changed ("changed after it was applied"). `SHA256SUMS` beside the
 * migrations seals each one (`sha256sum *.sql` in api/migrations); a new migration is added to it in the same commit.
 * A comment reworded in a committed migration is the one exception: `REWORDED` lists its earlier and current checksums.
 */
describe('the migrations', () => {
  const sealed = new Map(
    readFileSync(join(MIGRATIONS_DIR, 'SHA256SUMS'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => {
        const [checksum, filename] = line.split(/\s+/);
        return [filename!, checksum!] as const;
      }),
  );

  it('list as reworded only a sealed file, and its sealed text (REWORDED names the current checksum)', () => {
    const reworded = readFileSync(join(MIGRATIONS_DIR, REWORDED_FILE), 'utf8').trim().split('\n');
    for (const line of reworded) {
      const [, to, filename] = line.split(/\s+/);
      assert.equal(to, sealed.get(filename!), `${REWORDED_FILE}: ${line} does not name the sealed ${filename}`);
    }
  });

  it('are each sealed by its checksum and never edited once committed, comments included', () => {
    for (const migration of readMigrations(MIGRATIONS_DIR)) {
      assert.ok(
        sealed.has(migration.filename),
        `${migration.filename} is not in api/migrations/SHA256SUMS: add it (sha256sum)`,
      );
      assert.equal(
        migration.checksum,
        sealed.get(migration.filename),
        `${migration.filename} was edited after it was committed: write a new migration instead`,
      );
    }
  });
});
