// `npm run seed --workspace @varco/api` (or `node api/dist/seed.mjs`): applies pending migrations and creates the
// ACTIVE demo traveler if missing, then prints its credentials. Idempotent. On PGlite the api must not be running on
// the same DATA_DIR (one process per embedded database): use `SEED_DEMO=true` on the api instead.
import { ConfigError, loadConfig } from '../config';
import { DEMO_TRAVELER, seedDemoTraveler } from '../modules/auth/demo-traveler';
import { MIGRATIONS_DIR } from '../paths';
import { openDatabase } from './database';
import { migrate, readMigrations } from './migrator';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config, { error: (payload, message) => console.error(message, JSON.stringify(payload)) });
  try {
    await migrate(handle, readMigrations(MIGRATIONS_DIR));
    const created = await seedDemoTraveler(handle.db);
    console.log(`${created ? 'Created' : 'Already present:'} demo traveler ${DEMO_TRAVELER.email} / password ${DEMO_TRAVELER.password}`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
