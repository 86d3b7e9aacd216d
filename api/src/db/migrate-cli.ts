// `npm run migrate --workspace @varco/api`: applies the pending migrations to the configured database and exits.
import { ConfigError, loadConfig } from '../config';
import { MIGRATIONS_DIR } from '../paths';
import { openDatabase } from './database';
import { migrate, readMigrations } from './migrator';

const consoleLogger = {
  info: (payload: object, message: string) => console.log(message, JSON.stringify(payload)),
  warn: (payload: object, message: string) => console.warn(message, JSON.stringify(payload)),
  error: (payload: object, message: string) => console.error(message, JSON.stringify(payload)),
};

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config, consoleLogger);
  try {
    const applied = await migrate(handle, readMigrations(MIGRATIONS_DIR), consoleLogger);
    const target = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(applied.length ? `Applied ${applied.length} migration(s) to ${target}.` : `${target} is up to date.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
