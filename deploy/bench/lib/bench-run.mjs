// The set-up every api bench shares: the bench database, a connection to it, the built api and the bare Fastify
// server started as child processes, and the clean-up (servers stopped, bench sessions deleted) however the run ends.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { benchDir, closeSessions, DATABASE_URL, ensureDatabase, serverDir } from './bench-database.mjs';
import { freePort, startServer, waitForOk } from './processes.mjs';

/** Writes a bench's report as JSON to `file` (its folder made when missing). */
export function writeReport(file, report, log) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${file}`);
}

/**
 * Runs `body(run)` after the database exists and `generate()` has filled it. `run` holds the pg client and starts the
 * servers (`startApi`, `startBare`); whatever `body` stored in `run.sessions` is deleted at the end, and the servers
 * are stopped, also on Ctrl-C.
 */
export async function runBench({ log, generate }, body) {
  await ensureDatabase(log);
  const generated = await generate();
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  const servers = [];
  const run = {
    client,
    generated,
    sessions: undefined,

    /** The built api on a free port with the bench database; `env` adds to (or overrides) the bench's settings. */
    async startApi({ poolMax, env = {}, readyTimeoutMs }) {
      const port = await freePort();
      // BENCH_API_NODE_ARGS: node flags of the api process only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/api-profile`.
      const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const api = startServer(process.execPath, [...nodeArgs, 'dist/server.mjs'], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL,
          DATABASE_POOL_MAX: String(poolMax),
          SEED_DEMO: 'false',
          MIGRATE_ON_START: 'true',
          ...env,
        },
      });
      servers.push(api);
      const url = `http://127.0.0.1:${port}`;
      await waitForOk(`${url}/readyz`, api, readyTimeoutMs);
      log(`api listening on ${url}`);
      return { url, server: api };
    },

    /** The bare Fastify server (the ceiling of a Node HTTP server on this machine) and its port. */
    async startBare() {
      let port;
      const bare = startServer(process.execPath, [join(benchDir, 'lib', 'bare-server.mjs')], {
        onLine: (line) => {
          if (line.startsWith('{')) port = JSON.parse(line).port;
        },
      });
      servers.push(bare);
      // Generous: on a busy machine a Node process may take seconds to start.
      const deadline = Date.now() + 30_000;
      while (!port && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      if (!port) throw new Error(`the bare Fastify server did not start:\n${bare.output()}`);
      return { port, server: bare };
    },

    /** Writes the report as JSON to `file`. */
    writeReport: (file, report) => writeReport(file, report, log),
  };

  const cleanUp = async () => {
    await Promise.allSettled(servers.map((server) => server.stop()));
    await closeSessions(client, run.sessions, log).catch((error) =>
      console.error('could not delete the bench sessions:', error.message),
    );
    await client.end().catch(() => {});
  };
  const interrupted = () => {
    log('interrupted: cleaning up');
    cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    await body(run);
  } finally {
    await cleanUp();
  }
}
