// `npm run generate:types --workspace @varco/api`: writes `schema.generated.ts` from a fresh in-memory database
// migrated from `api/migrations/` (PGlite: no server needed, nothing else is read). See `table-types.ts`.
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgliteDatabase } from './database';
import { GENERATED_TYPES_FILE, generateTableTypes } from './table-types';

async function main(): Promise<void> {
  const handle = createPgliteDatabase(await PGlite.create());
  try {
    writeFileSync(GENERATED_TYPES_FILE, await generateTableTypes(handle));
    console.log(`Wrote ${GENERATED_TYPES_FILE}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
