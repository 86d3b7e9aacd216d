import { createServer, type Server } from 'node:net';

/**
 * Ports of the e2e portal. By default free ones, chosen at start, so that any number of runs (and `npm start`) share a
 * machine: the api and the portal's shell on ports the system gives, the remotes and any spare CDN on free ports of
 * their own (nobody needs to know those in advance). `E2E_PORT_BASE` fixes them instead: the api on the base (a second
 * instance on base + 6, their metrics listeners on base + 7 and base + 8), the portal on base + 1 with its remotes on
 * the next four (nginx's CDN origin on base + 2), the spare CDN on base + 11 with its remotes after it, the canary
 * report's CDN on base + 16 with its remotes after it.
 */
const base = process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) : undefined;

/** Ports free now, all different (each held open until the last is found). */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

/**
 * With a PostgreSQL server (`E2E_DATABASE_URL`) the portal runs as production does: two api instances on the database
 * behind nginx (deploy/nginx/local.mjs), which serves the shell and, on a port of its own, the remotes' CDN origin.
 * Embedded PostgreSQL (PGlite) is one process's database: one api instance behind the local CDN.
 */
export const E2E_API_INSTANCES = process.env.E2E_DATABASE_URL ? 2 : 1;

// The configuration is evaluated first in the runner, then again in every worker: the runner chooses, and the workers
// (which inherit its environment, as the global setup's does) find the choice there.
if (base === undefined && !(process.env.E2E_API_PORTS && process.env.E2E_SHELL_PORT)) {
  const [shell, cdn, canary, ...apis] = await freePorts(3 + 2 * E2E_API_INSTANCES);
  process.env.E2E_API_PORTS = apis.slice(0, E2E_API_INSTANCES).join(',');
  process.env.E2E_API_METRICS_PORTS = apis.slice(E2E_API_INSTANCES).join(',');
  process.env.E2E_SHELL_PORT = String(shell);
  process.env.E2E_CDN_PORT = String(cdn);
  process.env.E2E_CANARY_SHELL_PORT = String(canary);
}

/** The api instances' ports (the second, when there is one, on base + 6 with `E2E_PORT_BASE`). */
export const E2E_API_PORTS =
  base === undefined
    ? (process.env.E2E_API_PORTS ?? '').split(',').map(Number)
    : [base, base + 6].slice(0, E2E_API_INSTANCES);
/** Each api instance's metrics listener (METRICS_PORT), which nginx never proxies. */
export const E2E_API_METRICS_PORTS =
  base === undefined
    ? (process.env.E2E_API_METRICS_PORTS ?? '').split(',').map(Number)
    : [base + 7, base + 8].slice(0, E2E_API_INSTANCES);
export const E2E_SHELL_PORT = base === undefined ? Number(process.env.E2E_SHELL_PORT) : base + 1;
/** nginx's CDN origin (the remotes), two api instances only; on the shell's first remote port with `E2E_PORT_BASE`. */
export const E2E_CDN_PORT = base === undefined ? Number(process.env.E2E_CDN_PORT) : base + 2;
/** The portal's remotes on free ports (`startCdn`'s `freeRemotePorts`), unless `E2E_PORT_BASE` puts them after the shell. */
export const E2E_FREE_REMOTE_PORTS = base === undefined;
/** A second CDN, whose origins a test may stop: 0 is a free port for it and each of its remotes. */
export const E2E_SPARE_SHELL_PORT = base === undefined ? 0 : base + 11;
/**
 * The CDN of the canary report's spec, on a port known before the api starts: the api reads the runtime configuration
 * it serves as well as the portal's (RUNTIME_CONFIG_URLS), so that its canary's version is counted by name. Base + 16
 * with `E2E_PORT_BASE`, its remotes after it.
 */
export const E2E_CANARY_SHELL_PORT = base === undefined ? Number(process.env.E2E_CANARY_SHELL_PORT) : base + 16;
/** Each api instance, directly. */
export const E2E_API_INSTANCE_URLS = E2E_API_PORTS.map((port) => `http://127.0.0.1:${port}`);
/**
 * Where the tests' own api calls go (travelers, invoices, the kiosk): the api itself with one instance, the load
 * balancer (the portal's origin, /api) with two, as the traveler's calls do.
 */
export const E2E_API_URL = E2E_API_INSTANCES > 1 ? `http://127.0.0.1:${E2E_SHELL_PORT}` : E2E_API_INSTANCE_URLS[0]!;
/** The captcha answer the e2e api accepts for any live challenge (`CAPTCHA_TEST_ANSWER`, set by the global setup only). */
export const CAPTCHA_TEST_ANSWER = 'E2E42';
