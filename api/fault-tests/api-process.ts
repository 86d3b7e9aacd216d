// The api as its own process (`src/server.ts`), as in production: a fault test can then see it die, or kill it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
/** The end of the output a death report shows: the api logs why it ends (src/process-exit.ts). */
const OUTPUT_TAIL = 8_000;

export interface ApiProcess {
  readonly baseUrl: string;
  /** The exit code or signal once the process ended; undefined while it lives. */
  exit(): string | undefined;
  /**
   * `work`, unless the process ends first without the test's asking (`kill`): then a rejection with its exit code or
   * signal and the end of its output. A test wraps its whole body in it, so a death fails it the moment it happens.
   */
  alive<T>(work: Promise<T>): Promise<T>;
  kill(signal: NodeJS.Signals): Promise<void>;
  output(): string;
}

export async function startApi(env: Record<string, string>, port: number): Promise<ApiProcess> {
  let ended: string | undefined;
  let killed = false;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let died: (error: Error) => void = () => {};
  const death = new Promise<never>((_, reject) => (died = reject));
  // Rejected only when a test is looking (alive), or never noticed by one that has ended: not an unhandled rejection.
  death.catch(() => {});
  const exited = new Promise<void>((resolve) =>
    // 'close', not 'exit': the output is complete then, the process's last words included.
    child.on('close', (code, signal) => {
      ended = signal ?? String(code);
      if (!killed) died(new Error(`the api died (${ended}); the end of its output:\n${output.slice(-OUTPUT_TAIL)}`));
      resolve();
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (ended !== undefined) throw new Error(`the api ended (${ended}) before it was ready:\n${output}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the api was not ready within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    exit: () => ended,
    alive: (work) => Promise.race([work, death]),
    kill: async (signal) => {
      killed = true;
      if (ended === undefined) child.kill(signal);
      await exited;
    },
    output: () => output,
  };
}
