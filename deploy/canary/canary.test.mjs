/**
 * @jest-environment node
 */
// npm run canary:report with real parts: two api instances on a fresh PostgreSQL database behind nginx (local.mjs),
// reading the runtime configuration nginx serves; Debian's Prometheus scraping their metrics listeners every second;
// the browsers' reports posted through nginx as sendBeacon posts them, each browser from an address of its own; and one
// client posting what it likes, from one address. Then the report, as an operator runs it. A candidate that fails to
// render for its browsers is rolled back (exit 1), a healthy one promoted (exit 0), whatever that client sent. Every
// process it starts is stopped by its pid, whatever happens.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
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
/** Each browser's own address (loopback is all of 127.0.0.0/8): 127.0.<its version>.<its number>. */
const browserAddress = (version, n) => `127.0.${Object.keys(BROWSERS).indexOf(version) + 1}.${n + 1}`;
/** The one client who posts what it likes, from one address, as often as the limit lets it, whatever it claims. */
const POSTER = '127.0.9.9';
/** Its reports of each kind: with the forty made-up versions, 451 of the 600 a minute one address may send. */
const POSTER_REPORTS = 150;
const manifest = (version) => `https://cdn.varco.example/mf-invoices/${version}/mf-manifest.json`;

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

/**
 * Posts a report as sendBeacon does: a string (text/plain) or a JSON Blob, from the portal's page, no header of ours,
 * from `localAddress`; `headers` adds what a forger might (an X-Forwarded-For of its choosing).
 */
function sendBeacon(origin, report, n, { localAddress = '127.0.0.1', headers = {} } = {}) {
  const body = JSON.stringify(report);
  return new Promise((resolve, reject) => {
    const call = request(
      `${origin}/api/v1/public/beacons`,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': n % 2 ? 'text/plain;charset=UTF-8' : 'application/json',
          'content-length': Buffer.byteLength(body),
          origin,
          ...headers,
        },
      },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk) => (text += chunk));
        answer.on('end', () =>
          answer.statusCode === 204 ? resolve() : reject(new Error(`a report answered ${answer.statusCode}: ${text}`)),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/**
 * What the one client posts: made-up versions; failed loads, slow pages and failed api calls of the healthy candidate
 * (to roll it back); successes of the broken one and failures of the stable one (to hide the broken one's failures).
 */
function posterReports() {
  const at = (version, canary = true) => ({ app: REMOTE, version, canary });
  const madeUp = {
    events: Array.from({ length: 50 }, (_, index) => ({
      type: 'remote-load',
      outcome: 'failed',
      reason: 'render',
      ...at(`9.${index}.0`),
      ...(index >= 40 ? { app: 'mfVisa' } : {}),
    })),
  };
  // Each report as heavy as the contract lets it be: fifty events, though one load of a remote is counted per report.
  const failing = (version) => ({
    events: [
      ...Array.from({ length: 47 }, () => ({
        type: 'remote-load',
        outcome: 'failed',
        reason: 'render',
        ...at(version),
      })),
      { type: 'vital', name: 'LCP', value: 9000, page: 'invoices', ...at(version) },
      { type: 'vital', name: 'INP', value: 900, page: 'invoices', ...at(version) },
      { type: 'api-calls', page: 'invoices', ok: 0, failed: 1000, ...at(version) },
    ],
  });
  const showing = (version) => ({
    events: Array.from({ length: 50 }, () => ({ type: 'remote-load', outcome: 'ok', ...at(version) })),
  });
  const failingLoads = (version) => ({
    events: Array.from({ length: 50 }, () => ({
      type: 'remote-load',
      outcome: 'failed',
      reason: 'network',
      ...at(version),
    })),
  });
  return [
    madeUp,
    ...Array.from({ length: POSTER_REPORTS }, () => [failing(HEALTHY), showing(BROKEN), failingLoads(STABLE)]).flat(),
  ];
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
  /** Whether both instances count `version` of the remote by name, from the runtime configuration they read. */
  const known = async (version) =>
    (await query(`varco_beacon_versions{app="${REMOTE}", version="${version}"}`)).length === 2;
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
          // The runtime configuration nginx serves, as production's instances read the portal's.
          RUNTIME_CONFIG_URLS: `${portal}/config.json`,
          RUNTIME_CONFIG_REFRESH_SECONDS: '1',
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
    const portalConfig = (candidate) => ({
      ...nginx.config,
      remotes: { ...nginx.config.remotes, [REMOTE]: manifest(STABLE) },
      canary: { remote: REMOTE, manifest: manifest(candidate), share: 30 },
    });
    nginx.writeConfig(portalConfig(HEALTHY));

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

    // Right after the start, before anything else: made-up versions, forty of mfInvoices and ten of mfVisa.
    const posted = posterReports();
    await sendBeacon(nginx.url, posted[0], 0, { localAddress: POSTER });

    // The first candidate is canaried, then the second: the instances follow the configuration without a restart,
    // and keep counting the first by name (browsers may still run it).
    await until('the first candidate counted by name', () => known(HEALTHY));
    nginx.writeConfig(portalConfig(BROKEN));
    await until('the second candidate counted by name', () => known(BROKEN));
    expect(await known(HEALTHY)).toBe(true);

    // Every version's vitals exist on both instances before the reports measured, as a rate needs (the first value of
    // a series is its start, not an increase; the loads', failures' and reporters' series exist at 0 from the
    // configuration's reading).
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

    // The measured reports, through nginx: every browser of a version, a few at a time, each from its own address.
    const reports = Object.entries(BROWSERS).flatMap(([version, browsers]) =>
      Array.from({ length: browsers }, (_, n) => ({
        report: visit(version, n, { renders: version !== BROKEN || n % BROKEN_RENDERS_EVERY === 0 }),
        localAddress: browserAddress(version, n),
      })),
    );
    for (let start = 0; start < reports.length; start += 8) {
      await Promise.all(
        reports
          .slice(start, start + 8)
          .map(({ report, localAddress }, n) => sendBeacon(nginx.url, report, start + n, { localAddress })),
      );
    }
    // And the one client's: each report claiming another address in X-Forwarded-For, which nginx replaces.
    for (const [n, report] of posted.slice(1).entries())
      await sendBeacon(nginx.url, report, n, {
        localAddress: POSTER,
        headers: { 'x-forwarded-for': `198.51.100.${n % 250}` },
      });
    const expected = {
      [STABLE]: primed[STABLE] + BROWSERS[STABLE] + POSTER_REPORTS,
      [HEALTHY]: primed[HEALTHY] + BROWSERS[HEALTHY] + POSTER_REPORTS,
      [BROKEN]: primed[BROKEN] + BROWSERS[BROKEN] + POSTER_REPORTS,
    };
    await until('every report scraped', async () => {
      const loads = await scrapedLoads();
      return Object.entries(expected).every(([version, count]) => loads[version] === count) && loads;
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
    // The one client's successes of it and failures of the stable version hide nothing: they are one reporter's.
    const failures =
      /\[worse\] load failures: candidate (\d+\.\d) % of \d+ reporters .*stable (\d+\.\d) % of \d+ reporters; .*; from (\d+) distinct reporters \(at least 10 needed\)/.exec(
        report.stdout,
      );
    expect(failures).not.toBeNull();
    const [candidateShare, stableShare, failingReporters] = failures.slice(1).map(Number);
    expect(candidateShare).toBeGreaterThanOrEqual(70);
    expect(stableShare).toBeLessThan(5);
    // 27 browsers saw it fail; Prometheus's increase() extrapolates a series to the window's edges, by up to a fifth.
    expect(failingReporters).toBeGreaterThanOrEqual(27);
    expect(failingReporters).toBeLessThanOrEqual(34);
    // The few browsers it rendered for saw the page as fast as the stable version's.
    expect(report.stdout).toMatch(/\[ok\] LCP p75: candidate \d/);

    const json = await canaryReport(
      ['--remote', REMOTE, '--canary', BROKEN, '--stable', STABLE, '--json'],
      prometheusUrl,
    );
    expect(json.code).toBe(1);
    const { verdict, figures } = JSON.parse(json.stdout);
    expect(verdict).toBe('roll back');
    expect(figures.candidate.reporters.load_failed).toBeGreaterThan(26);
    expect(figures.candidate.reporters.load_failed / figures.candidate.reporters.load).toBeGreaterThan(0.7);
    expect(figures.candidate.contractRefusals).toBe(0);
    // The client's 150 failed loads of the stable version: its 150 reports, each with its own X-Forwarded-For, are
    // one reporter on each instance it reached.
    expect(figures.stable.failures).toBeGreaterThanOrEqual(POSTER_REPORTS);
    expect(figures.stable.reporters.load_failed).toBeLessThan(2.5);
    expect(figures.stable.apiCallsFailed).toBe(0);
    expect(figures.stable.loads).toBeGreaterThanOrEqual(BROWSERS[STABLE]);
  }, 30_000);

  it('promotes a healthy candidate named by the runtime configuration (exit 0), whatever one client sends of it', async () => {
    const config = join(folder, 'config.json');
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
    // Its 150 failed loads, slow pages and failed api calls: worse by the figures, from one reporter per instance.
    for (const check of ['load failures', 'failed api calls', 'LCP p75', 'INP p75'])
      expect(report.stdout).toMatch(
        new RegExp(`\\[few reporters\\] ${check}: .*; but from [12] distinct reporters, fewer than 10: not counted`),
      );
    expect(report.stdout).toContain(
      'no figure is worse than the thresholds with at least 10 distinct reporters behind it',
    );
  }, 30_000);

  it('counts made-up versions as "other": none has a series of its own, none took a real version’s', async () => {
    const versionsOf = async (remote) =>
      (await query(`count by (version) (varco_remote_loads_total{remote="${remote}"})`)).map(
        (sample) => sample.labels.version,
      );
    const invoices = await versionsOf(REMOTE);
    expect(invoices).toEqual(expect.arrayContaining([STABLE, HEALTHY, BROKEN, 'other']));
    expect(invoices.filter((version) => version.startsWith('9.'))).toEqual([]);
    expect((await versionsOf('mfVisa')).filter((version) => version.startsWith('9.'))).toEqual([]);
    const [other] = await query(`sum(varco_remote_loads_total{remote="${REMOTE}", version="other"})`);
    expect(other.value).toBeGreaterThanOrEqual(1);
    // The families of the reports stay as small as the configuration's versions make them.
    const [series] = await query('count({__name__=~"varco_(remote|web_vitals|page_api|beacon).*"})');
    expect(series.value).toBeLessThan(1000);
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
      return samples.length >= 3 && samples;
    });
    const p75 = Object.fromEntries(recorded.map((sample) => [sample.labels.version, sample.value]));
    expect(p75[STABLE]).toBeGreaterThan(1);
    expect(p75[STABLE]).toBeLessThan(2.5);
    expect(Math.abs(p75[BROKEN] - p75[STABLE])).toBeLessThan(0.5);
    // What one client does move: a version's vitals as the dashboard shows them (its slow pages, one per report).
    expect(p75[HEALTHY]).toBeGreaterThan(2.5);
  }, 30_000);
});
