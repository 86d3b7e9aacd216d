// A throwaway PostgreSQL server for the fault tests: initdb in a folder under the temporary directory, on a free
// loopback port, started, restarted and stopped with pg_ctl. initdb refuses to run as root: as root, the server's
// commands run as `nobody`, who owns the folder.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folder of Debian's PostgreSQL binaries (newest version), or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN_DIR)
    return existsSync(join(process.env.PG_BIN_DIR, 'pg_ctl')) ? process.env.PG_BIN_DIR : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export interface PostgresServer {
  readonly url: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

export async function startPostgresServer(binDir: string): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'varco-faults-pg-'));
  const dataDir = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, 65534, 65534); // nobody
  const pg = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'nobody', '--', join(binDir, command), ...args]) : run(join(binDir, command), args);
  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const ctl = (action: string, extra: string[] = []) =>
    pg('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '30', ...extra, action]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await ctl('restart', ['-m', 'fast']);
    },
    stop: async () => {
      await ctl('stop', ['-m', 'fast']);
    },
    start: async () => {
      await ctl('start');
    },
    destroy: async () => {
      await ctl('stop', ['-m', 'immediate']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
