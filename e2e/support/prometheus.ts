import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's Prometheus (scripts/ensure-prometheus.sh), or PROMETHEUS_PATH. */
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface Prometheus {
  url: string;
  /** An instant query's samples. */
  query(expr: string): Promise<Sample[]>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Prometheus scraping the api instances' metrics listeners every second, as the agency's scrapes them
 * (deploy/prometheus), with its data in a temporary folder removed at stop.
 */
export async function startPrometheus(metricsPorts: number[]): Promise<Prometheus> {
  if (!existsSync(PROMETHEUS))
    throw new Error(`${PROMETHEUS} is missing: Debian's prometheus package (scripts/ensure-prometheus.sh) provides it`);
  const folder = mkdtempSync(join(tmpdir(), 'varco-e2e-prometheus-'));
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s' },
    scrape_configs: [
      { job_name: 'varco-api', static_configs: [{ targets: metricsPorts.map((port) => `127.0.0.1:${port}`) }] },
    ],
  };
  // JSON is YAML.
  writeFileSync(join(folder, 'prometheus.yml'), JSON.stringify(config));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(folder, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=error',
    ],
    { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const query = async (expr: string): Promise<Sample[]> => {
    const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await answer.json()) as {
      status: string;
      error?: string;
      data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
    };
    if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
    return body.data.result.map(({ metric, value }) => ({ labels: metric, value: Number(value[1]) }));
  };
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await query('up{job="varco-api"} == 1').catch(() => []);
      if (up.length === metricsPorts.length) break;
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error(`Prometheus at ${url} did not scrape the api`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, query, stop };
}
