import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_API_INSTANCE_URLS, E2E_API_METRICS_PORTS, E2E_API_PORTS } from './ports';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitUntilReady(url: string, api: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The api exited with code ${api.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The api was not ready at ${url} after ${timeoutMs / 1000} s`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

/**
 * The built api instances of the run (one per port of E2E_API_PORTS, same configuration), owned by the global setup.
 * A spec stops one the hard way and starts it again through the control address (`support/instances.ts`), since the
 * spec runs in a worker process and the instances are the runner's children.
 */
export class ApiInstances {
  private readonly children: (ChildProcess | undefined)[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  async start(index: number): Promise<void> {
    const child = spawn(process.execPath, [join(repoRoot, 'api/dist/server.mjs')], {
      cwd: repoRoot,
      env: { ...this.env, PORT: String(E2E_API_PORTS[index]), METRICS_PORT: String(E2E_API_METRICS_PORTS[index]) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.children[index] = child;
    await waitUntilReady(E2E_API_INSTANCE_URLS[index]!, child);
  }

  /** SIGKILL: the instance dies as a crashed machine's does, with its connections open and nothing finished. */
  async kill(index: number): Promise<void> {
    const child = this.children[index];
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  }

  async stopAll(): Promise<void> {
    await Promise.all(
      this.children.map(async (child) => {
        if (!child) return;
        child.kill('SIGTERM');
        await exited(child);
      }),
    );
  }

  /** POST /instances/<index>/kill and /instances/<index>/start, on a free port of 127.0.0.1. */
  async listenForControl(): Promise<{ url: string; close(): Promise<void> }> {
    const server = createServer((request, response) => {
      const match = /^\/instances\/(\d+)\/(kill|start)$/.exec(request.url ?? '');
      const index = Number(match?.[1]);
      if (request.method !== 'POST' || !match || !(index in E2E_API_PORTS)) {
        response.writeHead(404).end();
        return;
      }
      (match[2] === 'kill' ? this.kill(index) : this.start(index)).then(
        () => response.writeHead(204).end(),
        (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    };
  }
}
