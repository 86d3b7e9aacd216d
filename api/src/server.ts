// Starts the api: reads the configuration, opens the database, listens, and stops gracefully on SIGINT/SIGTERM. Every
// end of the process is logged with its reason and exit code (process-exit.ts).
import { API_VERSION, buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { watchProcessExits, type ProcessExits } from './process-exit';
import { unsupportedRuntime } from './runtime';
import { startTracing, type Tracing } from './telemetry/start';

/** A stop that takes longer than this (a stuck request or query) ends the process anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const exits: ProcessExits = watchProcessExits();

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) exits.exit(1, error.message);
    throw error;
  }
}

function checkRuntime(): void {
  const problem = unsupportedRuntime();
  if (problem) exits.exit(1, problem);
}

async function main(): Promise<void> {
  checkRuntime();
  const config = readConfig();
  // Before the database and the app: they trace only if tracing is on as they are built.
  let tracing: Tracing | undefined;
  try {
    tracing = config.tracing && (await startTracing(config.tracing, { serviceVersion: API_VERSION }));
  } catch (error) {
    exits.exit(1, 'cannot start tracing', error);
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config, { error: (payload, message) => console.error(message, payload) });
  } catch (error) {
    exits.exit(1, 'cannot open the database', error);
  }
  const app = buildApp(config, { database });
  exits.useLogger(app.log);
  if (tracing) {
    tracing.useLogger(app.log);
    app.log.info(tracing.description, 'tracing: spans are exported over OTLP');
  }

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) exits.exit(1, `a second ${signal} while stopping`);
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const timer = setTimeout(() => exits.exit(1, `${signal}: the graceful stop timed out`), SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Stops accepting connections, lets requests in flight finish, runs onClose hooks; then the database goes.
      await app.close();
      await database.close();
      // The spans of the last requests still go out.
      await tracing?.shutdown();
    } catch (error) {
      exits.exit(1, `${signal}: error while stopping`, error);
    }
    exits.exit(0, `stopped on ${signal}`);
  };
  // `on`, not `once`: a second signal must still reach `stop`, which then exits at once.
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const address = await app.listen({ host: config.host, port: config.port });
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
    const metrics = app.metrics.url ? ` — metrics ${app.metrics.url}/metrics` : '';
    console.log(`Varco api listening on ${address} — docs ${address}/api/docs — database ${where}${metrics}`);
    if (!config.metrics && config.env === 'production')
      app.log.warn('METRICS_PORT is not set: this instance serves no metrics, and no alert can see it');
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    exits.exit(1, 'cannot start', error);
  }
}

void main();
