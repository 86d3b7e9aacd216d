// Child processes of the benches: a server started and stopped by its own pid (never by name), and a command run to
// its end with its output shown.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a command to its end, its output on ours; rejects on a non-zero exit. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${[command, ...args].join(' ')} exited with ${signal ?? code}`)),
    );
  });
}

/**
 * Starts a long-running server. Its stderr is shown; its stdout is kept (the last 64 KB) for error messages, and
 * handed line by line to `onLine` when given. `stop()` sends SIGTERM to that pid, then SIGKILL after 5 s.
 */
export function startServer(command, args, { onLine, ...options } = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
  let output = '';
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    output = (output + chunk).slice(-65_536);
    if (!onLine) return;
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  const exited = once(child, 'exit');
  return {
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes. */
export async function waitForOk(url, server, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited with ${server.child.exitCode} before answering ${url}:\n${server.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${server.output()}`);
}
