// The traveler's private invoice calls under load on PostgreSQL, against a bare Fastify route (docs/benches.md).
// Usage, from the repository root: node deploy/bench/invoices.mjs (deploy/bench/README.md).
import { benchSettings, DATABASE, generate, openInvoiceSessions } from './lib/bench-database.mjs';
import { runBench } from './lib/bench-run.mjs';
import { LATENCY_COLUMNS, machineBeforeMeasures, measure, table } from './lib/load.mjs';

const {
  settings: SETTINGS,
  only: ONLY,
  resultsFile: RESULTS_FILE,
} = benchSettings('invoices.json', {
  travelers: 1_000_000,
  invoices: 10_000_000,
  sessions: 2_000,
  connections: 10,
  warmUpSeconds: 3,
  seconds: 12,
});
/** Targets of this scenario (p95, in the api) and the standing one of every api call (p99). */
const TARGET_P95_MS = 5;
const TARGET_P99_MS = 20;
const SESSION_COOKIE = 'varco_session';

const log = (message) => console.log(`[invoices bench] ${message}`);

const CALLS = [
  { name: 'latest', path: () => '/api/v1/private/invoices/latest?limit=4&page=0', target: 'list' },
  { name: 'list TUTTE', path: () => '/api/v1/private/invoices?statoFattura=TUTTE', target: 'list' },
  {
    name: 'detail',
    path: (session) => `/api/v1/private/invoices/detail?idRichiestaRimborso=${session.refundId}`,
    target: 'detail',
  },
  { name: 'usable', path: () => '/api/v1/private/invoices/usable', target: null },
];

/** Each call once for a few sessions, before any load: a wrong cookie or refund id would only measure 401/404s. */
async function checkCalls(apiUrl, sessions) {
  for (const call of CALLS) {
    for (const session of sessions.slice(0, 5)) {
      const response = await fetch(`${apiUrl}${call.path(session)}`, {
        headers: { cookie: `${SESSION_COOKIE}=${session.token}` },
      });
      if (response.status !== 200)
        throw new Error(`${call.name} answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    }
  }
}

/**
 * Rows of invoices per traveler of the sessions: what the list calls return. Counting a column the index does not
 * hold reads every row once, so the measures that follow see a warm cache (the steady state of a live database), not
 * the first reads of 2,000 travelers' pages from disk.
 */
async function invoicesPerSession(client, sessions) {
  const { rows } = await client.query(
    `select count(i.total_amount)::int as n
     from unnest($1::int[]) as s(traveler_id)
     join traveler t on t.id = s.traveler_id
     left join invoice i on i.document_type = t.tipo_documento and i.document_country = t.paese_documento
       and i.document_number = upper(t.numero_documento) and i.cancelled_at is null
     group by s.traveler_id order by 1`,
    [sessions.map((session) => session.travelerId)],
  );
  const counts = rows.map((row) => row.n);
  return {
    min: counts[0],
    median: counts[Math.floor(counts.length / 2)],
    max: counts[counts.length - 1],
    mean: Math.round((counts.reduce((a, b) => a + b, 0) / counts.length) * 10) / 10,
  };
}

async function sizes(client) {
  const { rows } = await client.query(
    `select c.relname as name, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as bytes
     from pg_class c where c.relname in ('traveler', 'invoice', 'merchant') and c.relkind = 'r' order by c.relname`,
  );
  const { rows: version } = await client.query('show server_version');
  return {
    postgres: version[0].server_version,
    tables: Object.fromEntries(
      rows.map((row) => [row.name, { rows: Number(row.rows), totalMb: Math.round(Number(row.bytes) / 1048576) }]),
    ),
  };
}

async function main() {
  const startedAt = new Date();
  log(
    `${SETTINGS.travelers.toLocaleString('en')} travelers, ${SETTINGS.invoices.toLocaleString('en')} invoices, ${SETTINGS.connections} connections, ` +
      `${SETTINGS.warmUpSeconds}+${SETTINGS.seconds} s per call`,
  );
  await runBench({ log, generate: () => generate(SETTINGS) }, async (run) => {
    const { client } = run;
    const sessions = (run.sessions = await openInvoiceSessions(client, {
      travelers: SETTINGS.travelers,
      count: SETTINGS.sessions,
    }));
    log(`opened ${sessions.length} FULL sessions`);
    const perSession = await invoicesPerSession(client, sessions);
    log(
      `invoices per session's traveler: min ${perSession.min}, median ${perSession.median}, mean ${perSession.mean}, max ${perSession.max}`,
    );

    const { url: apiUrl } = await run.startApi({
      poolMax: SETTINGS.apiPoolMax,
      env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000000' },
    });

    const { port: barePort } = await run.startBare();

    await checkCalls(apiUrl, sessions);
    const machine = machineBeforeMeasures(log);

    const results = [];
    const load = {
      connections: SETTINGS.connections,
      seconds: SETTINGS.seconds,
      warmUpSeconds: SETTINGS.warmUpSeconds,
    };
    log('bare Fastify route...');
    results.push({
      name: 'bare Fastify',
      path: '/bare',
      target: null,
      ...(await measure({ url: `http://127.0.0.1:${barePort}/bare`, ...load })),
    });
    for (const call of CALLS.filter((candidate) => ONLY.length === 0 || ONLY.includes(candidate.name))) {
      log(`${call.name}...`);
      let next = 0;
      const setupRequest = (request) => {
        const session = sessions[next++ % sessions.length];
        request.path = call.path(session);
        request.headers = {
          ...request.headers,
          cookie: `${SESSION_COOKIE}=${session.token}`,
          'accept-language': next % 3 === 0 ? 'it' : 'en',
        };
        return request;
      };
      results.push({
        name: call.name,
        path: call.path(sessions[0]).replace(/=\d+$/, '=<id>'),
        target: call.target,
        ...(await measure({ url: apiUrl, setupRequest, ...load })),
      });
    }

    for (const result of results) {
      result.p99Met = result.name === 'bare Fastify' ? null : result.p99 <= TARGET_P99_MS;
      result.p95Met = result.target ? result.p95 <= TARGET_P95_MS : null;
    }
    const mark = (met) => (met === null ? '' : met ? 'yes' : 'NO');
    console.log('');
    console.log(
      table(
        results.map((result) => ({
          ...result,
          rps: result.requestsPerSecond,
          failures: result.non2xx + result.errors + result.timeouts,
          p95ok: mark(result.p95Met),
          p99ok: mark(result.p99Met),
        })),
        [
          ['name', 'call'],
          ['rps', 'req/s'],
          ...LATENCY_COLUMNS,
          ['failures', 'failed'],
          ['p95ok', `p95<=${TARGET_P95_MS}`],
          ['p99ok', `p99<=${TARGET_P99_MS}`],
        ],
      ),
    );
    const listAndDetail = results.filter((result) => result.target);
    const p95Met = listAndDetail.length > 0 && listAndDetail.every((result) => result.p95Met);
    const p99Met = results.every((result) => result.p99Met !== false);
    console.log(
      `\nTarget p95 <= ${TARGET_P95_MS} ms for list and detail: ${p95Met ? 'met' : 'NOT met'}; standing target p99 <= ${TARGET_P99_MS} ms for every call: ${p99Met ? 'met' : 'NOT met'}.`,
    );

    const report = {
      scenario: 'invoices',
      date: startedAt.toISOString(),
      machine,
      database: { name: DATABASE, ...(await sizes(client)) },
      sizes: { travelers: SETTINGS.travelers, invoices: SETTINGS.invoices, generationSeconds: run.generated },
      load: {
        tool: 'autocannon',
        ...load,
        sessions: sessions.length,
        apiPoolMax: SETTINGS.apiPoolMax,
        invoicesPerSession: perSession,
      },
      targets: { p95MsListAndDetail: TARGET_P95_MS, p99MsEveryCall: TARGET_P99_MS, p95Met, p99Met },
      results,
    };
    run.writeReport(RESULTS_FILE, report);
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
