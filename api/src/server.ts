// Starts the api: reads the configuration, opens the database, listens, and stops gracefully on SIGINT/SIGTERM.
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { unsupportedRuntime } from './runtime';

/** A stop that takes longer than this (a stuck request or query) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function checkRuntime(): void {
  const problem = unsupportedRuntime();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  checkRuntime();
  const config = readConfig();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config, { error: (payload, message) => console.error(message, payload) });
  } catch (error) {
    console.error('Cannot open the database:', error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const app = buildApp(config, { database });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const timer = setTimeout(() => {
      app.log.error('graceful stop timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Stops accepting connections, lets requests in flight finish, runs onClose hooks; then the database goes.
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  // `on`, not `once`: a second signal must still reach `stop`, which then exits at once.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const address = await app.listen({ host: config.host, port: config.port });
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
    console.log(`Varco api listening on ${address} — docs ${address}/api/docs — database ${where}`);
  } catch (error) {
    app.log.error({ err: error }, 'cannot start');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

void main();
