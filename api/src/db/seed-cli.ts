// `npm run seed --workspace @varco/api` (or `node api/dist/seed.mjs`): applies pending migrations and creates the
// demo data if missing (travelers, merchants, invoices), then prints the credentials. Idempotent. On PGlite the api must not be running on
// the same DATA_DIR (one process per embedded database): use `SEED_DEMO=true` on the api instead.
import { ConfigError, loadConfig } from '../config';
import { DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES } from '../modules/auth';
import { DEMO_MERCHANTS, seedDemo } from '../modules/demo';
import { MIGRATIONS_DIR } from '../paths';
import { openDatabase } from './database';
import { migrate, readMigrations } from './migrator';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config, {
    error: (payload, message) => console.error(message, JSON.stringify(payload)),
  });
  try {
    await migrate(handle, readMigrations(MIGRATIONS_DIR));
    const result = await seedDemo(handle.db);
    console.log(
      result.travelersCreated > 0 || result.merchantsCreated ? 'Demo data created.' : 'Demo data already present.',
    );
    for (const traveler of [DEMO_TRAVELER, DEMO_TRAVELER_WITHOUT_INVOICES])
      console.log(`  demo traveler  ${traveler.email} / ${traveler.password}`);
    for (const merchant of DEMO_MERCHANTS)
      console.log(`  ${merchant.kind.toLowerCase().padEnd(14)} ${merchant.name}: x-api-key ${merchant.apiKey}`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
