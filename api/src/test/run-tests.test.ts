import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
// @ts-expect-error: the runner is a plain script, with no types of its own.
import { byExpectedLength, jobsOf } from '../../scripts/run-tests.mjs';

describe('the api test runner', () => {
  it('gives a file declared per database one process per database, and any other file one', () => {
    const kinds = ['pglite', 'postgres'];
    // Spelled in pieces: the runner reads this file too, and it runs without a database.
    assert.deepEqual(jobsOf('a.test.ts', `describe${'EachDatabase'}('a', () => {})`, kinds), [
      { file: 'a.test.ts', database: 'pglite' },
      { file: 'a.test.ts', database: 'postgres' },
    ]);
    assert.deepEqual(jobsOf('b.test.ts', `for (const kind of database${'Kinds'}()) {}`, ['pglite']), [
      { file: 'b.test.ts', database: 'pglite' },
    ]);
    assert.deepEqual(jobsOf('c.test.ts', "it('adds', () => {})", kinds), [{ file: 'c.test.ts', database: undefined }]);
  });

  it('starts the longest jobs first: by the last run when known, else by the size of the file', () => {
    const jobs = [
      { file: 'small.test.ts', database: undefined },
      { file: 'large.test.ts', database: 'pglite' },
      { file: 'timed.test.ts', database: 'postgres' },
    ];
    const sizes: Record<string, number> = { 'small.test.ts': 2_000, 'large.test.ts': 30_000, 'timed.test.ts': 1_000 };
    const order = (times: Record<string, number>) =>
      byExpectedLength(jobs, times, (file: string) => sizes[file]).map((job: { file: string }) => job.file);
    assert.deepEqual(order({}), ['large.test.ts', 'small.test.ts', 'timed.test.ts']);
    assert.deepEqual(order({ 'timed.test.ts [postgres]': 90 }), ['timed.test.ts', 'large.test.ts', 'small.test.ts']);
  });
});
