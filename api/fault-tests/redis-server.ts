// A throwaway Redis server for the fault tests: Debian's redis-server on a free loopback port, nothing kept on disk,
// killed (as a crash is) and started again on the same port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './postgres-server';

export interface RedisServer {
  readonly url: string;
  /** Kills the server (SIGKILL: no goodbye to its clients) and waits until it has gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty, and waits until it accepts connections. */
  start(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

export async function startRedisServer(binary = 'redis-server'): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    let failed: Error | undefined;
    started.once('error', (error) => (failed = error)); // not installed: Debian's redis-server package
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (failed) throw new Error(`redis-server could not start: ${failed.message}`);
      if (started.exitCode !== null) throw new Error(`redis-server ended with code ${started.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not accept connections within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await gone;
    },
    start,
  };
}
