// The polling calls under load on PostgreSQL, against a bare Fastify route, and how many signed-in travelers a node
// holds (docs/benches.md). Usage, from the repository root: node deploy/bench/polling.mjs (deploy/bench/README.md).
import { benchSettings, DATABASE, generate, openTravelerSessions, serverDir } from './lib/bench-database.mjs';
import { runBench } from './lib/bench-run.mjs';
import { databaseBackendPids, LATENCY_COLUMNS, machineBeforeMeasures, measure, table } from './lib/load.mjs';
import {
  COUNT_PATH,
  cookieOf,
  HEARTBEAT_PATH,
  PER_TRAVELER,
  pollingRows,
  PORTAL_CLIENT,
  prime,
  probe,
  startPolling,
} from './lib/polling-load.mjs';

/** Saturation measures besides the bare route, `BENCH_CALLS`: `count`, `heartbeat`, `mix`. */
const {
  settings: SETTINGS,
  only: ONLY,
  resultsFile: RESULTS_FILE,
} = benchSettings('polling.json', {
  travelers: 100_000,
  invoices: 1_000_000,
  online: 5_000,
  connections: 10,
  warmUpSeconds: 2,
  seconds: 6,
  rounds: 3,
  simulationSeconds: 60,
});
/** The polling calls' target: at least this share of the bare route's throughput, with p99 at most TARGET_P99_MS. */
const TARGET_RATIO = 0.85;
const TARGET_P99_MS = 20;

const log = (message) => console.log(`[polling bench] ${message}`);
const round2 = (value) => Math.round(value * 100) / 100;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One row from the rounds of a measure: medians of the rates, the worst tail, the sums of the failures. */
function combineRounds(measures) {
  const sum = (key) => measures.reduce((total, measure) => total + (measure[key] ?? 0), 0);
  return {
    rounds: measures.length,
    requests: sum('requests'),
    requestsPerSecond: Math.round(median(measures.map((measure) => measure.requestsPerSecond))),
    requestsPerSecondByRound: measures.map((measure) => measure.requestsPerSecond),
    serverCpuUsPerRequest: round2(median(measures.map((measure) => measure.serverCpuUsPerRequest))),
    // The api process alone, without its database backends (for the bare route: the same process).
    apiCpuUsPerRequest: round2(median(measures.map((measure) => measure.firstServerCpuUsPerRequest))),
    p50: round2(median(measures.map((measure) => measure.p50))),
    p95: round2(median(measures.map((measure) => measure.p95))),
    p99: Math.max(...measures.map((measure) => measure.p99)),
    max: Math.max(...measures.map((measure) => measure.max)),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  };
}

/** The real load (lib/polling-load.mjs) for BENCH_SIMULATION seconds: its table rows. */
async function simulate(apiUrl, sessions, withCount) {
  const started = Date.now();
  const polling = startPolling(apiUrl, sessions, withCount);
  await new Promise((resolve) => setTimeout(resolve, SETTINGS.simulationSeconds * 1000));
  const calls = await polling.stop();
  return pollingRows(calls, (Date.now() - started) / 1000);
}

async function main() {
  const startedAt = new Date();
  log(
    `${SETTINGS.online.toLocaleString('en')} signed-in travelers, ${SETTINGS.connections} connections at saturation, ` +
      `${SETTINGS.warmUpSeconds}+${SETTINGS.seconds} s per saturation measure, ${SETTINGS.simulationSeconds} s of simulation`,
  );
  await runBench({ log, generate: () => generate(SETTINGS) }, async (run) => {
    const { client } = run;
    const { url: apiUrl, server: api } = await run.startApi({
      poolMax: SETTINGS.apiPoolMax,
      readyTimeoutMs: 60_000,
      env: {
        // info, as in production: the polling calls must not pay for a log line each.
        LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
        // The default global limit (1000 per minute and client address): the polling calls have their own.
        ...(process.env.BENCH_RATE_LIMIT_MAX ? { RATE_LIMIT_MAX: process.env.BENCH_RATE_LIMIT_MAX } : {}),
      },
    });
    // Sessions after the api's migrations (a fresh database has no session table before).
    const sessions = (run.sessions = await openTravelerSessions(client, {
      travelers: SETTINGS.travelers,
      count: SETTINGS.online,
    }));
    log(`opened ${sessions.length} FULL sessions`);

    const { port: barePort, server: bare } = await run.startBare();

    const withCount = await probe(apiUrl, sessions);
    if (!withCount) log('note: GET /notifications/count answers 404 (no notifications module yet): heartbeat only');
    await prime(apiUrl, sessions, withCount);
    log('every session has polled once');
    const machine = machineBeforeMeasures(log);

    const load = {
      connections: SETTINGS.connections,
      seconds: SETTINGS.seconds,
      warmUpSeconds: SETTINGS.warmUpSeconds,
    };
    const loadReport = { ...load, rounds: SETTINGS.rounds };
    // Every measure, the bare route's too, sends the same kind of requests (each with the next session's cookie and a
    // language), built once: the load generator shares the cores, so its work per request must be the same and small
    // for the ratio to compare the servers. The CPU per request counts the api and the PostgreSQL backends of its database, or the bare server.
    const apiPids = async () => [api.child.pid, ...(await databaseBackendPids(client))];
    const scenarios = [
      {
        key: 'bare',
        name: 'bare Fastify',
        url: `http://127.0.0.1:${barePort}`,
        serverPids: () => [bare.child.pid],
        pick: () => ({ method: 'GET', path: '/bare' }),
      },
      ...(withCount ? [{ key: 'count', name: 'count', pick: () => ({ method: 'GET', path: COUNT_PATH }) }] : []),
      { key: 'heartbeat', name: 'heartbeat', pick: () => ({ method: 'PUT', path: HEARTBEAT_PATH }) },
      // The real mix: two counts per heartbeat.
      ...(withCount
        ? [
            {
              key: 'mix',
              name: 'mix 2 count : 1 heartbeat',
              pick: (n) =>
                n % 3 === 2 ? { method: 'PUT', path: HEARTBEAT_PATH } : { method: 'GET', path: COUNT_PATH },
            },
          ]
        : []),
    ].filter((scenario) => scenario.key === 'bare' || ONLY.length === 0 || ONLY.includes(scenario.key));
    // Rounds of every measure in turn, the bare route first: the machine's speed drifts (other work, the host's), so
    // each figure is the median of its rounds, each measured next to the bare route; p99 and max are the worst round's.
    const rounds = [];
    for (let round = 1; round <= SETTINGS.rounds; round += 1) {
      const results = [];
      for (const scenario of scenarios) {
        log(`saturation, round ${round}/${SETTINGS.rounds}: ${scenario.name}...`);
        const requests = sessions.map((session, n) => ({
          ...scenario.pick(n),
          headers: { cookie: cookieOf(session), 'accept-language': n % 2 === 0 ? 'it' : 'en', [PORTAL_CLIENT]: '1' },
        }));
        results.push(
          await measure({ url: scenario.url ?? apiUrl, requests, serverPids: scenario.serverPids ?? apiPids, ...load }),
        );
      }
      rounds.push(results);
    }
    const saturation = scenarios.map((scenario, index) => {
      const measures = rounds.map((results) => results[index]);
      const mix = scenario.key === 'mix';
      const { method, path } = scenario.pick(0);
      return {
        name: scenario.name,
        method: mix ? 'GET+PUT' : method,
        path: mix ? 'count + area' : path,
        ...combineRounds(measures),
      };
    });
    const bareRps = saturation[0].requestsPerSecond;
    const bareCpu = saturation[0].serverCpuUsPerRequest;
    for (const row of saturation) {
      row.ratioToBare = round2(row.requestsPerSecond / bareRps);
      // What one core serves, as a share of the bare route's: independent of the load generator's share of the cores.
      row.cpuRatioToBare = round2(bareCpu / row.serverCpuUsPerRequest);
      row.targetMet = row.name === 'bare Fastify' ? null : row.ratioToBare >= TARGET_RATIO && row.p99 <= TARGET_P99_MS;
    }

    let simulation = [];
    if (SETTINGS.simulationSeconds > 0) {
      log(`simulation: ${sessions.length} travelers for ${SETTINGS.simulationSeconds} s...`);
      simulation = await simulate(apiUrl, sessions, withCount);
    }

    const mark = (met) => (met === null || met === undefined ? '' : met ? 'yes' : 'NO');
    const failures = (row) => (row.non2xx ?? 0) + (row.errors ?? 0) + (row.timeouts ?? 0);
    console.log('');
    console.log(
      `Saturation (${SETTINGS.connections} connections, closed loop, ${SETTINGS.warmUpSeconds} + ${SETTINGS.seconds} s per measure, median of ${SETTINGS.rounds} rounds; p99 and max: the worst round):`,
    );
    console.log(
      table(
        saturation.map((row) => ({
          ...row,
          rps: row.requestsPerSecond,
          failed: failures(row),
          ok: mark(row.targetMet),
        })),
        [
          ['name', 'call'],
          ['rps', 'req/s'],
          ['ratioToBare', 'x bare'],
          ['serverCpuUsPerRequest', 'server CPU µs/req'],
          ['cpuRatioToBare', 'x bare (CPU)'],
          ['apiCpuUsPerRequest', 'of it api µs/req'],
          ...LATENCY_COLUMNS,
          ['failed', 'failed'],
          ['ok', `>=${TARGET_RATIO * 100}% & p99<=${TARGET_P99_MS}`],
        ],
      ),
    );
    console.log('');
    console.log(
      `Simulation (${sessions.length} travelers: count every 15 s, heartbeat every 30 s, ${SETTINGS.simulationSeconds} s):`,
    );
    console.log(
      table(
        simulation.map((row) => ({ ...row, rps: row.requestsPerSecond, failed: failures(row) })),
        [['name', 'call'], ['rps', 'req/s'], ...LATENCY_COLUMNS, ['failed', 'failed']],
      ),
    );
    // The capacity: the real mix at saturation (the heartbeat alone without the count module), per traveler's rate.
    const capacityRow =
      saturation.find((row) => row.name.startsWith('mix')) ??
      saturation.find((row) => row.name === 'heartbeat') ??
      saturation.at(-1);
    const travelersPerNode = Math.floor(capacityRow.requestsPerSecond / PER_TRAVELER);
    const polling = saturation.filter((row) => row.name !== 'bare Fastify');
    const targetMet = polling.every((row) => row.targetMet);
    console.log(
      `\nCapacity: ${capacityRow.name} at saturation ${capacityRow.requestsPerSecond.toLocaleString('en')} req/s ÷ ${round2(PER_TRAVELER)} req/s per traveler ` +
        `(1/15 + 1/30) = ${travelersPerNode.toLocaleString('en')} signed-in travelers per node (${machine.cores} cores, api + PostgreSQL + load generator).`,
    );
    console.log(
      `Target >= ${TARGET_RATIO * 100}% of the bare route with p99 <= ${TARGET_P99_MS} ms: ${targetMet ? 'met' : 'NOT met'} (${polling.map((row) => `${row.name} ${Math.round(row.ratioToBare * 100)}%, p99 ${row.p99} ms`).join('; ')}).`,
    );

    const report = {
      scenario: 'polling',
      date: startedAt.toISOString(),
      machine,
      database: { name: DATABASE, travelers: SETTINGS.travelers },
      load: {
        tool: 'autocannon',
        ...loadReport,
        sessions: sessions.length,
        apiPoolMax: SETTINGS.apiPoolMax,
        simulationSeconds: SETTINGS.simulationSeconds,
        countMeasured: withCount,
        apiDir: serverDir,
      },
      targets: { ratioToBare: TARGET_RATIO, p99Ms: TARGET_P99_MS, met: targetMet },
      capacity: {
        basis: capacityRow.name,
        requestsPerSecond: capacityRow.requestsPerSecond,
        requestsPerTravelerPerSecond: round2(PER_TRAVELER),
        travelersPerNode,
      },
      saturation,
      simulation,
    };
    run.writeReport(RESULTS_FILE, report);
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
