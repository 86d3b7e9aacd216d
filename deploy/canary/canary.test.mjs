/**
 * @jest-environment node
 */
// npm run canary:report with real parts: two api instances on a fresh PostgreSQL database behind nginx (local.mjs),
// Debian's Prometheus scraping their metrics listeners every second, the browsers' reports posted through nginx as
// sendBeacon posts them; then the report, as an operator runs it. A candidate that fails to render for its browsers is
// rolled back (exit 1), a healthy one promoted (exit 0). Every process it starts is stopped by its pid, whatever happens.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { freePort, run, startServer, waitForOk } from '../bench/lib/processes.mjs';
import { startNginx } from '../nginx/local.mjs';
import { RULES_FILE } from '../prometheus/metric-names.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `varco_canary_${process.pid}`;
const REMOTE = 'mfInvoices';
const STABLE = '0.2.0';
const HEALTHY = '0.3.0';
const BROKEN = '0.3.1';
/** Browsers per version in the measured wave: the candidates get a share of the traffic, as in a canary. */
const BROWSERS = { [STABLE]: 60, [HEALTHY]: 30, [BROKEN]: 30 };
/** Of the broken candidate's browsers, those it still renders for. */
const BROKEN_RENDERS_EVERY = 10;

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `check` to answer a truthy value; fails naming `what` (and the last value seen) past the deadline. */
async function until(what, check, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last;
    await delay(250);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

/**
 * A browser's report of one visit to the invoices page: the remote's load, and when it showed, the page's Core Web
 * Vitals and its api calls. The `n`th browser of every version draws the same vitals, all within "good".
 */
function visit(version, n, { renders = true } = {}) {
  const release = { app: REMOTE, version, canary: version !== STABLE };
  if (!renders) return { events: [{ type: 'remote-load', outcome: 'failed', reason: 'render', ...release }] };
  const page = { page: 'invoices', ...release };
  return {
    events: [
      { type: 'remote-load', outcome: 'ok', ...release },
      { type: 'vital', name: 'LCP', value: 900 + ((n * 137) % 1000), ...page },
      { type: 'vital', name: 'INP', value: 40 + ((n * 53) % 120), ...page },
      { type: 'vital', name: 'CLS', value: ((n * 7) % 10) / 100, ...page },
      { type: 'api-calls', ok: 6, failed: 0, ...page },
    ],
  };
}

/** Posts a report as sendBeacon does: a string (text/plain) or a JSON Blob, from the portal's page, no header of ours. */
async function sendBeacon(origin, report, n) {
  const answer = await fetch(`${origin}/api/v1/public/beacons`, {
    method: 'POST',
    headers: { 'content-type': n % 2 ? 'text/plain;charset=UTF-8' : 'application/json', origin },
    body: JSON.stringify(report),
  });
  if (answer.status !== 204) throw new Error(`a report answered ${answer.status}: ${await answer.text()}`);
}

/** Runs the report as an operator does; answers its exit code and output. */
function canaryReport(args, prometheusUrl) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['deploy/canary/report.mjs', ...args], {
      cwd: ROOT,
      env: { ...process.env, PROMETHEUS_URL: prometheusUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run canary:report against Prometheus scraping two api instances behind nginx', () => {
  /** What to stop and remove, last started first. */
  const cleanups = [];
  const folder = mkdtempSync(join(tmpdir(), 'varco-canary-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  let nginx;
  let prometheusUrl;
  /** An instant query's samples. */
  const query = async (expr) => {
    const answer = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = await answer.json();
    if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
    return body.data.result.map(({ metric, value }) => ({ labels: metric, value: Number(value[1]) }));
  };
  /** Loads per version as Prometheus last scraped them, both instances together. */
  const scrapedLoads = async () =>
    Object.fromEntries(
      (await query(`sum by (version) (varco_remote_loads_total{remote="${REMOTE}"})`)).map((sample) => [
        sample.labels.version,
        sample.value,
      ]),
    );

  beforeAll(async () => {
    if (!existsSync(PROMETHEUS))
      throw new Error(
        `${PROMETHEUS} is missing: Debian's prometheus package (scripts/ensure-prometheus.sh) provides it`,
      );
    await run(process.execPath, ['scripts/pg-database.mjs', 'ping', SERVER_URL], { cwd: ROOT }).catch(() => {
      throw new Error(`no PostgreSQL server answers at ${SERVER_URL}: start one, or name one in TEST_DATABASE_URL`);
    });
    await run(process.execPath, ['scripts/pg-database.mjs', 'create', SERVER_URL, DATABASE], { cwd: ROOT });
    cleanups.push(() =>
      run(process.execPath, ['scripts/pg-database.mjs', 'drop', SERVER_URL, DATABASE], { cwd: ROOT }),
    );

    const [portalPort, cdnPort, prometheusPort, ...apiPorts] = await Promise.all(
      Array.from({ length: 7 }, () => freePort()),
    );
    const instances = [0, 1].map((index) => ({
      port: apiPorts[index * 2],
      metricsPort: apiPorts[index * 2 + 1],
      name: `api-${index + 1}`,
    }));
    const portal = `http://127.0.0.1:${portalPort}`;

    // The api from its sources (the build may not be there yet in npm test), as deploy/README.md runs two instances.
    const apis = instances.map(({ port, metricsPort, name }) => {
      const dataDir = join(folder, name);
      mkdirSync(dataDir);
      const api = startServer(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          METRICS_HOST: '127.0.0.1',
          METRICS_PORT: String(metricsPort),
          DATABASE_URL: `${SERVER_URL.replace(/\/[^/]*$/, '')}/${DATABASE}`,
          DATA_DIR: dataDir,
          TRUST_PROXY: 'true',
          PUBLIC_BASE_URL: portal,
          LOG_LEVEL: 'warn',
          REDIS_URL: '',
          SMTP_URL: '',
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
          OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
        },
      });
      cleanups.push(() => api.stop());
      return api;
    });
    await Promise.all(
      apis.map((api, index) => waitForOk(`http://127.0.0.1:${instances[index].port}/readyz`, api, 90_000)),
    );

    const root = join(folder, 'cdn');
    mkdirSync(root);
    chmodSync(folder, 0o755);
    chmodSync(root, 0o755);
    nginx = await startNginx({
      upstreams: instances.map(({ port }) => `127.0.0.1:${port}`),
      portalPort,
      cdnPort,
      hostname: '127.0.0.1',
      root,
    });
    cleanups.push(() => nginx.close());

    // Prometheus scrapes each instance's metrics listener directly, every second, and evaluates the project's rules.
    const config = join(folder, 'prometheus.yml');
    writeFileSync(
      config,
      stringify({
        global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
        rule_files: [RULES_FILE],
        scrape_configs: [
          {
            job_name: 'varco-api',
            static_configs: instances.map(({ metricsPort, name }) => ({
              targets: [`127.0.0.1:${metricsPort}`],
              labels: { instance: name },
            })),
          },
        ],
      }),
    );
    prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
    const prometheus = startServer(
      PROMETHEUS,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${join(folder, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${prometheusPort}`,
        '--log.level=warn',
      ],
      { cwd: folder },
    );
    cleanups.push(() => prometheus.stop());
    await waitForOk(`${prometheusUrl}/-/ready`, prometheus, 30_000);
    await until('both instances scraped', async () => {
      const up = await query('up{job="varco-api"} == 1');
      return up.length === 2;
    });

    // A canary's first minutes: every version's series (its loads, failures, vitals, api calls) exist on both
    // instances before the reports measured, as a rate needs (the first value of a series is its start, not an
    // increase).
    const primed = {};
    for (const [index, { port }] of instances.entries()) {
      for (const version of Object.keys(BROWSERS)) {
        await sendBeacon(`http://127.0.0.1:${port}`, visit(version, index), index);
        primed[version] = (primed[version] ?? 0) + 1;
      }
    }
    await until('the first reports scraped', async () => {
      const loads = await scrapedLoads();
      return Object.entries(primed).every(([version, count]) => loads[version] === count) && loads;
    });

    // The measured reports, through nginx: every browser of a version, a few at a time.
    const reports = Object.entries(BROWSERS).flatMap(([version, browsers]) =>
      Array.from({ length: browsers }, (_, n) =>
        visit(version, n, { renders: version !== BROKEN || n % BROKEN_RENDERS_EVERY === 0 }),
      ),
    );
    for (let start = 0; start < reports.length; start += 8) {
      await Promise.all(reports.slice(start, start + 8).map((report, n) => sendBeacon(nginx.url, report, start + n)));
    }
    await until('every report scraped', async () => {
      const loads = await scrapedLoads();
      return Object.entries(BROWSERS).every(([version, count]) => loads[version] === primed[version] + count) && loads;
    });
  }, 150_000);

  afterAll(async () => {
    const failures = [];
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'cleaning up after the canary test');
  }, 60_000);

  it('rolls back a candidate that fails to render for its browsers (exit 1), with the figures that made it', async () => {
    const report = await canaryReport(
      ['--remote', REMOTE, '--canary', BROKEN, '--stable', STABLE, '--window', '10m'],
      prometheusUrl,
    );
    expect({ code: report.code, stderr: report.stderr }).toEqual({ code: 1, stderr: '' });
    expect(report.stdout).toContain(
      `Canary ${REMOTE}: candidate ${BROKEN} against stable ${STABLE}, over the last 10m`,
    );
    expect(report.stdout).toContain('Verdict: roll back');
    expect(report.stdout).toMatch(/\[worse\] load failures: candidate (8\d|9\d)\.\d % .*stable 0\.0 %/);
    // The few browsers it rendered for saw the page as fast as the stable version's.
    expect(report.stdout).toMatch(/\[ok\] LCP p75: candidate \d/);

    const json = await canaryReport(
      ['--remote', REMOTE, '--canary', BROKEN, '--stable', STABLE, '--json'],
      prometheusUrl,
    );
    expect(json.code).toBe(1);
    const { verdict, figures } = JSON.parse(json.stdout);
    expect(verdict).toBe('roll back');
    expect(figures.candidate.failures / figures.candidate.loads).toBeGreaterThan(0.8);
    expect(figures.candidate.contractRefusals).toBe(0);
    expect(figures.stable).toMatchObject({ failures: 0, apiCallsFailed: 0 });
    expect(figures.stable.loads).toBeGreaterThanOrEqual(BROWSERS[STABLE]);
  }, 30_000);

  it('promotes a healthy candidate named by the runtime configuration (exit 0)', async () => {
    const config = join(folder, 'config.json');
    const manifest = (version) => `https://cdn.varco.example/mf-invoices/${version}/mf-manifest.json`;
    writeFileSync(
      config,
      JSON.stringify({
        ...nginx.config,
        remotes: { ...nginx.config.remotes, [REMOTE]: manifest(STABLE) },
        canary: { remote: REMOTE, manifest: manifest(HEALTHY), share: 30 },
      }),
    );
    const report = await canaryReport(['--config', config], prometheusUrl);
    expect({ code: report.code, stderr: report.stderr }).toEqual({ code: 0, stderr: '' });
    expect(report.stdout).toContain(`candidate ${HEALTHY} against stable ${STABLE}`);
    expect(report.stdout).toContain('Verdict: promote');
    for (const check of ['load failures', 'failed api calls', 'LCP p75', 'INP p75'])
      expect(report.stdout).toContain(`[ok] ${check}`);
  }, 30_000);

  it('gives no verdict (exit 2) for a version without enough loads, or when Prometheus cannot be read', async () => {
    const unknown = await canaryReport(['--remote', REMOTE, '--canary', '0.9.9', '--stable', STABLE], prometheusUrl);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toContain('Verdict: not enough data');
    const away = await canaryReport(
      ['--remote', REMOTE, '--canary', HEALTHY, '--stable', STABLE],
      `http://127.0.0.1:${await freePort()}`,
    );
    expect(away.code).toBe(2);
    expect(away.stderr).toContain('No verdict: Prometheus at');
  }, 30_000);

  it('records each app version’s p75 LCP with the project’s rules, from the same reports', async () => {
    const recorded = await until('the p75 LCP recorded', async () => {
      const samples = await query(`app_version_canary:varco_web_vitals_lcp_seconds:p75_10m{app="${REMOTE}"}`);
      return samples.length >= 2 && samples;
    });
    const p75 = Object.fromEntries(recorded.map((sample) => [sample.labels.version, sample.value]));
    expect(p75[STABLE]).toBeGreaterThan(1);
    expect(p75[STABLE]).toBeLessThan(2.5);
    expect(Math.abs(p75[HEALTHY] - p75[STABLE])).toBeLessThan(0.5);
  }, 30_000);
});
