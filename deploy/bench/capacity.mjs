// Capacity of the scale-out: the polling mix and the invoice calls through nginx in front of one api instance, then of
// two (docs/benches.md). Usage, from the repository root: node deploy/bench/capacity.mjs (deploy/bench/README.md).
import { startNginx } from '../nginx/local.mjs';
import { benchSettings, DATABASE, generate, openInvoiceSessions } from './lib/bench-database.mjs';
import { runBench } from './lib/bench-run.mjs';
import { cpuMsOf, databaseBackendPids, machineBeforeMeasures, measure, table } from './lib/load.mjs';
import { freePort } from './lib/processes.mjs';

const {
  settings: SETTINGS,
  only: ONLY,
  resultsFile: RESULTS_FILE,
} = benchSettings('capacity.json', {
  travelers: 10_000,
  invoices: 100_000,
  sessions: 4_000,
  warmUpSeconds: 2,
  seconds: 5,
  rounds: 2,
});
/** Connection counts tried in turn, up to the first whose p99 passes the target. */
const LADDER = (process.env.BENCH_CONNECTIONS_LADDER ?? '1,2,4,8,16,32,64')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TARGET_P99_MS = 20;
const SESSION_COOKIE = 'varco_session';
const PORTAL_CLIENT = 'x-varco-client';
const COUNT = { method: 'GET', path: '/api/v1/private/notifications/count' };
const HEARTBEAT = { method: 'PUT', path: '/api/v1/private/visa/area' };

const ALL_CALLS = [
  // docs/calls.md: two counts per heartbeat.
  { key: 'mix', name: 'polling mix 2 count : 1 heartbeat', pick: (_session, n) => (n % 3 === 2 ? HEARTBEAT : COUNT) },
  {
    key: 'list',
    name: 'invoice list TUTTE',
    pick: () => ({ method: 'GET', path: '/api/v1/private/invoices?statoFattura=TUTTE' }),
  },
  {
    key: 'detail',
    name: 'invoice detail',
    pick: (session) => ({
      method: 'GET',
      path: `/api/v1/private/invoices/detail?idRichiestaRimborso=${session.refundId}`,
    }),
  },
];
const CALLS = ALL_CALLS.filter((call) => ONLY.length === 0 || ONLY.includes(call.key));

const log = (message) => console.log(`[capacity bench] ${message}`);
const round2 = (value) => Math.round(value * 100) / 100;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Every call once per session on `apiUrl` (an instance, directly): each instance's caches hold every session. */
async function prime(apiUrl, sessions) {
  let next = 0;
  const worker = async () => {
    while (next < sessions.length) {
      const session = sessions[next++];
      for (const { method, path } of [COUNT, HEARTBEAT, ...ALL_CALLS.slice(1).map((call) => call.pick(session, 0))]) {
        const response = await fetch(`${apiUrl}${path}`, {
          method,
          headers: { cookie: `${SESSION_COOKIE}=${session.token}`, [PORTAL_CLIENT]: '1' },
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${method} ${path} answered ${response.status} on ${apiUrl}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Up the connection ladder while p99 <= TARGET_P99_MS; the best throughput within the target is the figure (none when
 * even the first step misses it). Each step also records the CPU each instance used (ms).
 */
async function atTarget({ url, requests, instances, serverPids }) {
  const steps = [];
  for (const connections of LADDER) {
    const before = instances.map((instance) => cpuMsOf([instance.child.pid]));
    const result = await measure({
      url,
      requests,
      connections,
      seconds: SETTINGS.seconds,
      warmUpSeconds: SETTINGS.warmUpSeconds,
      serverPids,
    });
    const instanceCpuMs = instances.map((instance, index) => Math.round(cpuMsOf([instance.child.pid]) - before[index]));
    // A step with failed answers (non-2xx, timeouts) is kept in the report but never the figure. Socket errors are
    // not answers: nginx closes a client's keep-alive connection every 1,000 requests (keepalive_requests), and a
    // request autocannon wrote at that moment meets a reset (a browser resends it); an instance that fails shows as
    // nginx's 502/504.
    const failed = result.non2xx + (result.timeouts ?? 0);
    steps.push({ connections, ...result, failed, instanceCpuMs });
    if (failed > 0) log(`note: ${failed} failed answers at ${connections} connections (${url})`);
    if (result.p99 > TARGET_P99_MS) break;
  }
  const within = steps.filter((step) => step.p99 <= TARGET_P99_MS && step.failed === 0);
  const best = within.reduce(
    (top, step) => (!top || step.requestsPerSecond > top.requestsPerSecond ? step : top),
    undefined,
  );
  return { best, steps };
}

async function main() {
  const startedAt = new Date();
  log(
    `${SETTINGS.travelers.toLocaleString('en')} travelers, ${SETTINGS.invoices.toLocaleString('en')} invoices, ${SETTINGS.sessions} sessions, connections ${LADDER.join('/')}, ${SETTINGS.warmUpSeconds}+${SETTINGS.seconds} s per step, ${SETTINGS.rounds} rounds`,
  );
  await runBench({ log, generate: () => generate(SETTINGS) }, async (run) => {
    const { client } = run;
    const env = {
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
      // Behind nginx, as in production: the client address is the forwarded one...
      TRUST_PROXY: 'true',
      // ...and the whole load comes from this one address: the global limit per address would stop the invoice calls.
      RATE_LIMIT_MAX: '1000000000',
      ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
    };
    const instances = [];
    for (let index = 0; index < 2; index += 1)
      instances.push(await run.startApi({ poolMax: SETTINGS.apiPoolMax, readyTimeoutMs: 60_000, env }));
    const sessions = (run.sessions = await openInvoiceSessions(client, {
      travelers: SETTINGS.travelers,
      count: SETTINGS.sessions,
    }));
    log(`opened ${sessions.length} FULL sessions`);
    for (const instance of instances) await prime(instance.url, sessions);
    log('every session has called each instance once');

    const upstreamOf = (instance) => new URL(instance.url).host;
    const topologies = [
      { key: 'one', name: '1 instance', members: instances.slice(0, 1) },
      { key: 'two', name: '2 instances', members: instances },
    ];
    const machine = machineBeforeMeasures(log);

    // Rounds of every call on both topologies in turn: the machine's speed drifts, so each 2-vs-1 ratio compares
    // measures taken minutes apart at most; each figure is the median of its rounds.
    const measures = new Map();
    for (let round = 1; round <= SETTINGS.rounds; round += 1) {
      for (const topology of topologies) {
        const [portalPort, cdnPort] = [await freePort(), await freePort()];
        const nginx = await startNginx({
          upstreams: topology.members.map(upstreamOf),
          portalPort,
          cdnPort,
          hostname: '127.0.0.1',
        });
        try {
          for (const call of CALLS) {
            log(`round ${round}/${SETTINGS.rounds}, ${topology.name}: ${call.name}...`);
            const requests = sessions.map((session, n) => ({
              ...call.pick(session, n),
              headers: {
                cookie: `${SESSION_COOKIE}=${session.token}`,
                'accept-language': n % 2 === 0 ? 'it' : 'en',
                [PORTAL_CLIENT]: '1',
              },
            }));
            const serverPids = async () => [
              ...topology.members.map((member) => member.server.child.pid),
              ...(await databaseBackendPids(client)),
            ];
            const result = await atTarget({
              url: nginx.url,
              requests,
              instances: topology.members.map((member) => member.server),
              serverPids,
            });
            const key = `${call.key}/${topology.key}`;
            measures.set(key, [...(measures.get(key) ?? []), result]);
          }
        } finally {
          await nginx.close();
        }
      }
    }

    const rows = [];
    for (const call of CALLS) {
      const row = { call: call.name };
      for (const topology of topologies) {
        const results = measures.get(`${call.key}/${topology.key}`);
        const bests = results.map((result) => result.best).filter(Boolean);
        row[topology.key] = {
          requestsPerSecond:
            bests.length === results.length ? Math.round(median(bests.map((best) => best.requestsPerSecond))) : null,
          requestsPerSecondByRound: results.map((result) => result.best?.requestsPerSecond ?? null),
          connections: bests.map((best) => best.connections),
          p99: bests.length ? Math.max(...bests.map((best) => best.p99)) : null,
          serverCpuUsPerRequest: bests.length ? round2(median(bests.map((best) => best.serverCpuUsPerRequest))) : null,
          // The share of the instances' CPU each one used at the best step: both near 0.5 when nginx spread the load.
          instanceCpuShare: bests.length
            ? bests.at(-1).instanceCpuMs.map((ms, _, all) => round2(ms / (all.reduce((a, b) => a + b, 0) || 1)))
            : null,
          rounds: results,
        };
      }
      row.ratio =
        row.one.requestsPerSecond && row.two.requestsPerSecond
          ? round2(row.two.requestsPerSecond / row.one.requestsPerSecond)
          : null;
      rows.push(row);
    }

    const missed = (figure) =>
      `p99 missed (${Math.min(...figure.rounds.map((result) => result.steps[0].p99))} ms at ${LADDER[0]} conn.)`;
    console.log('');
    console.log(
      `Through nginx, requests/s at p99 <= ${TARGET_P99_MS} ms (best step of the connection ladder ${LADDER.join('/')}; median of ${SETTINGS.rounds} rounds; p99: the worst round's):`,
    );
    console.log(
      table(
        rows.map((row) => ({
          call: row.call,
          one: row.one.requestsPerSecond ?? missed(row.one),
          oneP99: row.one.p99 ?? '',
          oneCpu: row.one.serverCpuUsPerRequest ?? '',
          two: row.two.requestsPerSecond ?? missed(row.two),
          twoP99: row.two.p99 ?? '',
          twoCpu: row.two.serverCpuUsPerRequest ?? '',
          share: row.two.instanceCpuShare?.join(' / ') ?? '',
          ratio: row.ratio ?? '',
        })),
        [
          ['call', 'call'],
          ['one', '1 inst. req/s'],
          ['oneP99', 'p99 ms'],
          ['oneCpu', 'CPU µs/req'],
          ['two', '2 inst. req/s'],
          ['twoP99', 'p99 ms'],
          ['twoCpu', 'CPU µs/req'],
          ['share', 'CPU share A / B'],
          ['ratio', '2 vs 1'],
        ],
      ),
    );
    console.log(
      `\n${machine.cores} cores (${machine.cpu}), load average ${machine.loadAverage1m} before the measures: both instances, nginx, PostgreSQL and the ` +
        'load generator share them, so the ratio measures the cost and the soundness of the scale-out, not linear scaling.',
    );

    const { rows: sizes } = await client.query(
      `select (select count(*) from traveler)::int as travelers, (select count(*) from invoice)::int as invoices`,
    );
    run.writeReport(RESULTS_FILE, {
      scenario: 'capacity',
      date: startedAt.toISOString(),
      machine,
      database: { name: DATABASE, ...sizes[0] },
      load: {
        tool: 'autocannon',
        ladder: LADDER,
        seconds: SETTINGS.seconds,
        warmUpSeconds: SETTINGS.warmUpSeconds,
        rounds: SETTINGS.rounds,
        sessions: sessions.length,
        apiPoolMax: SETTINGS.apiPoolMax,
        limitsStore: env.REDIS_URL ? 'redis' : 'postgresql',
      },
      targets: { p99Ms: TARGET_P99_MS },
      results: rows,
    });
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
