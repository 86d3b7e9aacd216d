import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { describeEachDatabase } from '../test/app';
import { GENERATED_TYPES_FILE, generateTableTypes } from './table-types';

describeEachDatabase('table types', ({ database }) => {
  it('are what the migrations give (run `npm run generate:types --workspace @varco/api` after changing one)', async () => {
    assert.equal(await generateTableTypes(database()), readFileSync(GENERATED_TYPES_FILE, 'utf8'));
  });
});
