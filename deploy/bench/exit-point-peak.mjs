// The exit point at a summer peak (docs/benches.md): an airport's kiosks scanning the QR codes of pending visa requests
// at a constant arrival rate while signed-in travelers poll, through nginx on PostgreSQL, against a bare route at the
// same rate; and the kiosk's offline check of the same codes. Usage, from the repository root:
// node deploy/bench/exit-point-peak.mjs (deploy/bench/README.md).
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import { decodeQrPng, verifyOffline } from '../kiosk/lib.mjs';
import { startNginx } from '../nginx/local.mjs';
import {
  benchSettings,
  DATABASE,
  generate,
  insertSessions,
  openTravelerSessions,
  seedDemo,
  serverDir,
} from './lib/bench-database.mjs';
import { runBench } from './lib/bench-run.mjs';
import {
  cpuByPid,
  cpuMsSince,
  databaseBackendPids,
  LATENCY_COLUMNS,
  machineInfo,
  percentile,
  table,
} from './lib/load.mjs';
import { cookieOf, pollingRows, PORTAL_CLIENT, prime, probe } from './lib/polling-load.mjs';
import { freePort } from './lib/processes.mjs';

const { settings: SETTINGS, resultsFile: RESULTS_FILE } = benchSettings('exit-point-peak.json', {
  travelers: 100_000,
  invoices: 1_000_000,
  online: 20_000,
  kiosks: 10,
  scanRate: 50,
  warmUpSeconds: 5,
  seconds: 60,
  instances: 2,
});
/** The peak's targets: scan → light at the api (ms), no failed scan, and the kiosk's offline check (ms). */
const TARGETS = { scanP95Ms: 100, scanP99Ms: 250, failures: 0, offlineP99Ms: 20 };
/** The demo seed's kiosk at Milano Malpensa (api/src/modules/exit-point/demo.ts), the key `npm run kiosk` uses. */
const KIOSK_API_KEY = 'xk_demo_kiosk_malpensa';
const EXIT_POINT = '/api/v1/exit-point';
const REQUEST_TIMEOUT_MS = 10_000;
/** One prepared request in this many has its QR code read from its detail's PNG (~0.1 s each on a busy machine). */
const QR_READ_EVERY = 25;
/** The most invoices a request holds (@varco/contracts MAX_VISA_INVOICES). */
const MAX_VISA_INVOICES = 50;
/**
 * The connections the travelers' polling shares (~2,000 calls a second at 20,000 travelers): enough for a slowdown to
 * show as latency rather than as calls queued for a socket, within the local nginx's 512 connections.
 */
const POLLING_CONNECTIONS = 128;
/** Seconds of polling alone before the scans, whose server CPU is the polling's share. */
const POLLING_ALONE_SECONDS = 10;

const log = (message) => console.log(`[exit-point peak bench] ${message}`);
const round1 = (value) => Math.round(value * 10) / 10;
const round2 = (value) => Math.round(value * 100) / 100;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each kiosk, and each traveler preparing a request, calls from an address of its own (any 127/8 address is local). */
const kioskAddress = (kiosk) => `127.0.0.${2 + kiosk}`;
const travelerAddress = (n) => `127.1.${1 + Math.floor(n / 200)}.${1 + (n % 200)}`;

/** Percentiles, max and mean of latencies (ms, in any order). */
function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.length ? sorted[sorted.length - 1] : Number.NaN),
    mean: sorted.length ? round2(sorted.reduce((sum, value) => sum + value, 0) / sorted.length) : Number.NaN,
  };
}

/** One HTTP call; resolves with status, body (Buffer) and duration, or status 0 and the error. */
function request(url, { agent, method = 'GET', headers = {}, body, startedAt = performance.now() }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const outgoing = http.request(
      url,
      {
        agent,
        method,
        headers: payload ? { ...headers, 'content-length': payload.length } : headers,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks), ms: performance.now() - startedAt }),
        );
        response.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - startedAt }));
      },
    );
    // From the request's start, so that one still waiting for a socket times out too.
    const timer = setTimeout(() => outgoing.destroy(new Error('timeout')), REQUEST_TIMEOUT_MS);
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - startedAt }));
    outgoing.end(payload);
  });
}

/**
 * `count` bench travelers, in random order, who hold an available invoice issued within the last three months (its exit
 * deadline not passed) and have no pending request: each can make a new one. The api's /usable has the last word.
 */
async function scanningTravelers(client, count) {
  const { rows } = await client.query(
    `select t.id as traveler_id, t.numero_documento as document_number
     from traveler t
     where t.email like 'bench-%@bench.varco.invalid'
       and exists (
         select 1 from invoice i
         where i.document_type = t.tipo_documento and i.document_country = t.paese_documento
           and i.document_number = upper(t.numero_documento) and i.cancelled_at is null and i.state_code in (1, 30)
           and i.emission_date >= date_trunc('month', current_date) - interval '3 months')
       and not exists (select 1 from visa_request v where v.traveler_id = t.id and v.state_code = 1)
     order by random() limit $1::int`,
    [count],
  );
  return rows;
}

/** A flight out of the airport in three hours (on a 5-minute step, as the wizard's clock), on the traveler's passport. */
function travelOf(session) {
  const departure = new Date(Math.ceil((Date.now() + 3 * 3_600_000) / 300_000) * 300_000);
  return {
    transportType: 'AE',
    crewMember: false,
    travelDate: departure.toISOString(),
    travelDocType: 'PASSAPORTO',
    travelDocNumber: session.documentNumber,
    destinationCountry: 'US',
    destinationFreeZone: null,
    flightNumber: 'AZ 610',
    destinationAirport: 'JFK',
  };
}

/**
 * A pending visa request per session, as the portal's wizard makes it (the usable invoices, then the request), until
 * `count` requests. Each traveler calls from an address of their own, as browsers do. One traveler in QR_READ_EVERY
 * also opens the request's detail, whose QR code (a PNG) is read as a kiosk's scanner reads it (the kiosk's decoder).
 */
async function prepareRequests(url, sessions, count) {
  const prepared = [];
  const refused = [];
  let next = 0;
  const worker = async () => {
    while (prepared.length < count && next < sessions.length) {
      const index = next++;
      const session = sessions[index];
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: travelerAddress(index) });
      const headers = { cookie: cookieOf(session), 'accept-language': 'en', [PORTAL_CLIENT]: '1' };
      try {
        const usable = await request(`${url}/api/v1/private/invoices/usable`, { agent, headers });
        if (usable.status !== 200) throw new Error(`usable invoices: ${usable.status} ${usable.body}`);
        const invoices = JSON.parse(usable.body.toString()).invoices.map((invoice) => invoice.idRichiestaRimborso);
        if (invoices.length === 0) {
          refused.push('no usable invoice');
          continue;
        }
        const created = await request(`${url}/api/v1/private/visa`, {
          agent,
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ invoices: invoices.slice(0, MAX_VISA_INVOICES), travel: travelOf(session) }),
        });
        if (created.status !== 200) {
          refused.push(`create ${created.status}: ${created.body.toString().slice(0, 200)}`);
          continue;
        }
        const item = {
          id: JSON.parse(created.body.toString()).id,
          invoices: Math.min(MAX_VISA_INVOICES, invoices.length),
          session,
        };
        if (index % QR_READ_EVERY === 0) {
          const detail = await request(`${url}/api/v1/private/visa/${item.id}`, { agent, headers });
          if (detail.status !== 200) throw new Error(`visa detail: ${detail.status} ${detail.body}`);
          const { qrCode } = JSON.parse(detail.body.toString());
          item.read = qrCode ? decodeQrPng(Buffer.from(qrCode, 'base64')) : undefined;
          if (!item.read) throw new Error(`visa request ${item.id}: no QR code could be read in its detail`);
        }
        prepared.push(item);
      } finally {
        agent.destroy();
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return { prepared: prepared.slice(0, count), unused: prepared.slice(count), refused };
}

/**
 * The QR codes of the requests `prepared`, signed by the api's own signer (api/src/modules/qr, loaded through tsx)
 * with the instances' key: the very codes of their details (Ed25519 signs deterministically), without reading thousands
 * of PNGs. Those read from a detail must be the same, or the bench stops.
 */
async function signedCodes(client, prepared, qrKey) {
  const { createQrService, parseQrSigningKey } = await tsImport('../../api/src/modules/qr/index.ts', import.meta.url);
  const qr = createQrService({ privateKey: parseQrSigningKey(qrKey) });
  const { rows } = await client.query(
    'select id, public_id, qr_issued_at from visa_request where id = any($1::int[])',
    [prepared.map((item) => item.id)],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return prepared.map((item) => {
    const row = byId.get(item.id);
    const token = qr.issue({ publicId: row.public_id, issuedAt: row.qr_issued_at });
    if (item.read !== undefined && item.read !== token)
      throw new Error(`visa request ${item.id}: its detail's QR code is not the one signed for it`);
    return token;
  });
}

/** The kiosk's offline check (deploy/kiosk/lib.mjs) of every token, one after another: each one's duration (ms). */
function verifyAll(tokens, jwk) {
  const durations = [];
  let refused = 0;
  for (const token of tokens) {
    const startedAt = performance.now();
    const verified = verifyOffline(token, jwk);
    durations.push(performance.now() - startedAt);
    if (!verified.ok) refused += 1;
  }
  return { checked: tokens.length, refused, ...latencySummary(durations) };
}

/**
 * Open-loop load at a constant arrival rate: request n is due at start + n / rate s, sent by kiosk n mod kiosks (its
 * own keep-alive agent and address), whether or not the earlier ones were answered. A latency runs from the moment the
 * request was due, so a late send (the generator's own lag) counts against the server, never in its favour. The
 * answers of the first `warmUpSeconds` are not counted. `build(n)` gives request n's path and body.
 */
async function paced({ url, rate, kiosks, seconds, warmUpSeconds, headers, build, serverPids, onWindow }) {
  const agents = Array.from(
    { length: kiosks },
    (_, kiosk) => new http.Agent({ keepAlive: true, localAddress: kioskAddress(kiosk) }),
  );
  const interval = 1000 / rate;
  const warmUp = Math.round(rate * warmUpSeconds);
  const total = warmUp + Math.round(rate * seconds);
  const results = [];
  const inFlight = [];
  const start = performance.now() + 100;
  let window;
  const send = (n) => {
    const due = start + n * interval;
    if (n === warmUp) window = { startedAt: Date.now(), cpu: serverPids().then(cpuByPid) };
    const lag = performance.now() - due;
    const { path, body } = build(n);
    inFlight.push(
      request(`${url}${path}`, { agent: agents[n % kiosks], method: 'POST', headers, body, startedAt: due }).then(
        (answer) => {
          if (n >= warmUp) results.push({ n, lag, ...answer });
        },
      ),
    );
  };
  await new Promise((resolve) => {
    let next = 0;
    const tick = () => {
      while (next < total && start + next * interval <= performance.now()) send(next++);
      if (next >= total) return resolve();
      setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  const sentAt = Date.now();
  // The window ends with the last request sent: the server's CPU over the same span as the arrivals.
  const cpuMs = cpuMsSince(await window.cpu, await serverPids());
  const windowSeconds = (sentAt - window.startedAt) / 1000;
  onWindow?.({ from: window.startedAt, to: sentAt });
  await Promise.all(inFlight);
  for (const agent of agents) agent.destroy();
  const ok = results.filter((result) => result.status >= 200 && result.status < 300);
  const failed = results.filter((result) => !(result.status >= 200 && result.status < 300));
  const statuses = {};
  for (const result of failed) {
    const key = result.status === 0 ? (result.error?.message ?? 'error') : String(result.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const lags = Float64Array.from(results.map((result) => result.lag)).sort();
  return {
    requests: results.length,
    requestsPerSecond: round2(results.length / windowSeconds),
    ...latencySummary(ok.map((result) => result.ms)),
    failed: failed.length,
    failures: statuses,
    generatorLagP99: round2(percentile(lags, 99)),
    generatorLagMax: round2(lags.length ? lags[lags.length - 1] : Number.NaN),
    serverCpuPercent: round1(cpuMs / 10 / windowSeconds),
    answerBytes: Math.round(percentile(Float64Array.from(ok.map((result) => result.body.length)).sort(), 50)),
    answers: ok,
  };
}

async function main() {
  const startedAt = new Date();
  const scans = Math.round(SETTINGS.scanRate * (SETTINGS.warmUpSeconds + SETTINGS.seconds));
  log(
    `${SETTINGS.kiosks} kiosks scanning ${SETTINGS.scanRate} QR codes/s for ${SETTINGS.warmUpSeconds}+${SETTINGS.seconds} s ` +
      `(${scans} pending requests), ${SETTINGS.online.toLocaleString('en')} signed-in travelers polling, ` +
      `${SETTINGS.instances} api instance(s) behind nginx`,
  );
  const loadAtStart = machineInfo().loadAverage1m;
  const generateAndSeed = async () => {
    const seconds = await generate(SETTINGS);
    await seedDemo();
    return seconds;
  };
  await runBench({ log, generate: generateAndSeed }, async (run) => {
    const { client } = run;
    // Every instance signs and checks the codes with one key, as production's QR_SIGNING_KEY: one made for this run.
    const qrKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const env = {
      LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
      // Behind nginx, as in production: each kiosk's and traveler's own address counts against the limits, which keep
      // their defaults (BENCH_RATE_LIMIT_MAX changes the global one).
      TRUST_PROXY: 'true',
      QR_SIGNING_KEY: qrKey,
      ...(process.env.BENCH_RATE_LIMIT_MAX ? { RATE_LIMIT_MAX: process.env.BENCH_RATE_LIMIT_MAX } : {}),
    };
    const instances = [];
    for (let index = 0; index < SETTINGS.instances; index += 1)
      instances.push(await run.startApi({ poolMax: SETTINGS.apiPoolMax, readyTimeoutMs: 60_000, env }));
    const bares = [];
    for (let index = 0; index < SETTINGS.instances; index += 1) bares.push(await run.startBare());
    const portPair = async () => ({ portalPort: await freePort(), cdnPort: await freePort() });
    const nginx = await startNginx({
      upstreams: instances.map((instance) => new URL(instance.url).host),
      ...(await portPair()),
      hostname: '127.0.0.1',
    });
    const bareNginx = await startNginx({
      upstreams: bares.map((bare) => `127.0.0.1:${bare.port}`),
      ...(await portPair()),
      hostname: '127.0.0.1',
    });
    let polling;
    try {
      const pollingSessions = await openTravelerSessions(client, {
        travelers: SETTINGS.travelers,
        count: SETTINGS.online,
      });
      run.sessions = pollingSessions;
      const candidates = await scanningTravelers(client, Math.ceil(scans * 1.25) + 20);
      const scanningSessions = await insertSessions(
        client,
        candidates.map((row) => ({ traveler_id: row.traveler_id, documentNumber: row.document_number })),
      );
      run.sessions = [...pollingSessions, ...scanningSessions];
      log(`opened ${pollingSessions.length} polling sessions, ${scanningSessions.length} of travelers at the airport`);

      // One request more, scanned before the load: the kiosk's key, the codes and nginx checked, the answer's size known.
      log(`preparing ${scans + 1} pending visa requests with their QR codes...`);
      const preparing = performance.now();
      const { prepared, unused, refused } = await prepareRequests(nginx.url, scanningSessions, scans + 1);
      const preparationSeconds = round2((performance.now() - preparing) / 1000);
      if (prepared.length <= scans)
        throw new Error(
          `only ${prepared.length} of ${scans + 1} requests could be made (${refused.slice(0, 3).join('; ')}): ` +
            'more travelers (BENCH_TRAVELERS, BENCH_INVOICES) or a fresh BENCH_DATABASE',
        );
      const invoicesPerRequest = prepared.map((item) => item.invoices).sort((a, b) => a - b);
      log(
        `prepared ${prepared.length} requests in ${preparationSeconds} s (invoices each: median ` +
          `${percentile(invoicesPerRequest, 50)}, max ${invoicesPerRequest.at(-1)}; ${refused.length} travelers skipped)`,
      );

      // The kiosk fetches the agency's public key once, then checks every code offline.
      const keyAnswer = await request(`${nginx.url}${EXIT_POINT}/public-key`, {});
      if (keyAnswer.status !== 200) throw new Error(`the public key answered ${keyAnswer.status}`);
      const jwk = JSON.parse(keyAnswer.body.toString());
      const [probeToken, ...tokens] = await signedCodes(client, prepared, qrKey);
      const read = prepared.filter((item) => item.read !== undefined).length;
      log(`${tokens.length + 1} QR codes signed; the ${read} read from their detail's PNG are the same`);
      const kioskHeaders = { 'x-api-key': KIOSK_API_KEY, 'accept-language': 'EN', 'content-type': 'application/json' };
      const probeScan = await request(`${nginx.url}${EXIT_POINT}/scan`, {
        method: 'POST',
        headers: kioskHeaders,
        body: JSON.stringify({ token: probeToken }),
      });
      if (probeScan.status !== 200)
        throw new Error(`a scan before the load answered ${probeScan.status}: ${probeScan.body?.toString()}`);
      const offline = verifyAll(tokens, jwk);
      log(`offline check of ${offline.checked} codes: p99 ${offline.p99} ms, ${offline.refused} refused`);
      if (offline.refused > 0) throw new Error(`${offline.refused} prepared codes do not verify offline`);

      const withCount = await probe(nginx.url, pollingSessions);
      if (!withCount) log('note: GET /notifications/count answers 404 (no notifications module yet): heartbeat only');
      log(`${pollingSessions.length} travelers poll once each...`);
      await prime(nginx.url, pollingSessions, withCount);
      polling = new Worker(new URL('./lib/polling-worker.mjs', import.meta.url), {
        workerData: {
          url: nginx.url,
          sessions: pollingSessions.map((session) => ({ token: session.token })),
          withCount,
          maxSockets: POLLING_CONNECTIONS,
        },
      });
      // Its calls, once stopped; a worker that fails fails the bench when they are awaited.
      const pollingCalls = new Promise((resolve, reject) => {
        polling.once('message', resolve);
        polling.once('error', reject);
        polling.once('exit', (code) => reject(new Error(`the polling worker exited with ${code}`)));
      });
      pollingCalls.catch(() => {});
      const pollingStartedAt = Date.now();
      const apiPids = async () => [
        ...instances.map((instance) => instance.server.child.pid),
        ...(await databaseBackendPids(client)),
      ];
      // Polling alone for a while: the worker's first calls (its start-up) are not the peak's background, and the
      // server's CPU meanwhile is the share of the scans' window that is not theirs.
      await delay(2_000);
      const aloneCpuBefore = cpuByPid(await apiPids());
      const aloneStartedAt = performance.now();
      await delay(POLLING_ALONE_SECONDS * 1000);
      const pollingAloneCpuPercent = round1(
        cpuMsSince(aloneCpuBefore, await apiPids()) / 10 / ((performance.now() - aloneStartedAt) / 1000),
      );
      const loadBefore = machineInfo().loadAverage1m;
      const load = {
        rate: SETTINGS.scanRate,
        kiosks: SETTINGS.kiosks,
        seconds: SETTINGS.seconds,
        warmUpSeconds: SETTINGS.warmUpSeconds,
        headers: kioskHeaders,
      };
      log(`scans: ${SETTINGS.scanRate}/s for ${SETTINGS.warmUpSeconds}+${SETTINGS.seconds} s...`);
      let scanWindow;
      const scan = await paced({
        ...load,
        url: nginx.url,
        build: (n) => ({ path: `${EXIT_POINT}/scan`, body: JSON.stringify({ token: tokens[n] }) }),
        serverPids: apiPids,
        onWindow: (span) => {
          scanWindow = span;
        },
      });
      const outcomes = {};
      for (const answer of scan.answers) {
        const { outcome, light } = JSON.parse(answer.body.toString());
        const key = `${outcome} (light ${light})`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
      // The scans' median answer, or the one before the load when none was answered.
      const answerBytes = scan.answerBytes || probeScan.body.length;
      log(`bare route: ${SETTINGS.scanRate}/s, answers of ${answerBytes} bytes...`);
      const bare = await paced({
        ...load,
        url: bareNginx.url,
        build: (n) => ({
          path: `/api/bare?bytes=${answerBytes}`,
          body: JSON.stringify({ token: tokens[n] }),
        }),
        serverPids: async () => bares.map((server) => server.server.child.pid),
      });
      polling.postMessage('stop');
      const calls = await pollingCalls;
      await polling.terminate();
      polling = undefined;
      const pollingDuring = pollingRows(calls, (scanWindow.to - scanWindow.from) / 1000, scanWindow);
      const pollingAll = pollingRows(calls, (Date.now() - pollingStartedAt) / 1000);
      const loadAfter = machineInfo().loadAverage1m;

      // The requests prepared and not scanned go back: their invoices are available again.
      for (const item of unused) {
        await request(`${nginx.url}/api/v1/private/visa/${item.id}`, {
          method: 'DELETE',
          headers: { cookie: cookieOf(item.session), [PORTAL_CLIENT]: '1' },
        });
      }

      const machine = machineInfo();
      const ratio = {
        p50: round2(scan.p50 / bare.p50),
        p95: round2(scan.p95 / bare.p95),
        p99: round2(scan.p99 / bare.p99),
      };
      // CPU percent of one core = ms per second ÷ 10: what the scans added, per scan; unknown when some failed (the
      // api may have done part of their work, or all of it after the window).
      const cpuMsPerScan =
        scan.failed === 0
          ? round2((Math.max(0, scan.serverCpuPercent - pollingAloneCpuPercent) * 10) / scan.requestsPerSecond)
          : Number.NaN;
      const targets = [
        {
          name: `scan → light p95 ≤ ${TARGETS.scanP95Ms} ms`,
          value: `${scan.p95} ms`,
          met: scan.p95 <= TARGETS.scanP95Ms,
        },
        {
          name: `scan → light p99 ≤ ${TARGETS.scanP99Ms} ms`,
          value: `${scan.p99} ms`,
          met: scan.p99 <= TARGETS.scanP99Ms,
        },
        { name: 'no failed scan', value: `${scan.failed} failed`, met: scan.failed <= TARGETS.failures },
        {
          name: `kiosk's offline check p99 ≤ ${TARGETS.offlineP99Ms} ms`,
          value: `${offline.p99} ms`,
          met: offline.p99 <= TARGETS.offlineP99Ms,
        },
      ];

      console.log('');
      console.log(
        `${SETTINGS.kiosks} kiosks, ${SETTINGS.scanRate} scans/s open loop (${SETTINGS.warmUpSeconds} s warm-up + ${SETTINGS.seconds} s), ` +
          `${SETTINGS.instances} api instance(s) behind nginx, ${pollingSessions.length.toLocaleString('en')} travelers polling meanwhile:`,
      );
      const row = (name, result) => ({
        name,
        ...result,
        rps: result.requestsPerSecond,
        lag: `${result.generatorLagP99} / ${result.generatorLagMax}`,
        cpu: result.serverCpuPercent,
      });
      console.log(
        table(
          [row('POST /exit-point/scan', scan), row('bare route (same body, answer size)', bare)],
          [
            ['name', 'call'],
            ['rps', 'req/s'],
            ...LATENCY_COLUMNS,
            ['failed', 'failed'],
            ['answerBytes', 'answer B'],
            ['cpu', 'server CPU %'],
            ['lag', 'generator lag p99/max ms'],
          ],
        ),
      );
      console.log(`scan ÷ bare: p50 ${ratio.p50}×, p95 ${ratio.p95}×, p99 ${ratio.p99}×`);
      console.log(
        `server CPU (api instances + PostgreSQL backends, % of one core): ${pollingAloneCpuPercent} polling alone, ` +
          `${scan.serverCpuPercent} with the scans` +
          (scan.failed === 0 ? `: ~${cpuMsPerScan} ms a scan` : ' (no CPU per scan: some failed)'),
      );
      console.log(
        `outcomes: ${Object.entries(outcomes)
          .map(([key, count]) => `${key} ${count}`)
          .join(', ')}`,
      );
      if (scan.failed) console.log(`failed scans: ${JSON.stringify(scan.failures)}`);
      console.log('');
      console.log(
        `Polling during the scans (${withCount ? 'count every 15 s, keep-alive every 30 s' : 'keep-alive only'}):`,
      );
      console.log(
        table(
          pollingDuring.map((entry) => ({ ...entry, rps: entry.requestsPerSecond, failed: entry.non2xx })),
          [['name', 'call'], ['rps', 'req/s'], ...LATENCY_COLUMNS, ['failed', 'failed']],
        ),
      );
      console.log('');
      console.log(
        `Kiosk's offline check (deploy/kiosk/lib.mjs verifyOffline, in-process, ${offline.checked} codes): p50 ${offline.p50}, ` +
          `p95 ${offline.p95}, p99 ${offline.p99}, max ${offline.max} ms`,
      );
      console.log('');
      console.log('Targets:');
      for (const target of targets) console.log(`  ${target.name}: ${target.value} — ${target.met ? 'met' : 'MISSED'}`);
      console.log(
        `\n${machine.cpu}, ${machine.cores} cores; load average ${loadAtStart} at the start, ${loadBefore} before the scans, ` +
          `${loadAfter} after: the api instances, nginx, PostgreSQL and the load generator share the cores.`,
      );

      const { answers: _scanAnswers, ...scanFigures } = scan;
      const { answers: _bareAnswers, ...bareFigures } = bare;
      run.writeReport(RESULTS_FILE, {
        scenario: 'exit-point-peak',
        date: startedAt.toISOString(),
        machine,
        loadAverage1m: { start: loadAtStart, beforeScans: loadBefore, after: loadAfter },
        database: { name: DATABASE, travelers: SETTINGS.travelers, invoices: SETTINGS.invoices },
        load: {
          tool: 'paced http.request, open loop',
          kiosks: SETTINGS.kiosks,
          scanRate: SETTINGS.scanRate,
          warmUpSeconds: SETTINGS.warmUpSeconds,
          seconds: SETTINGS.seconds,
          instances: SETTINGS.instances,
          behind: 'nginx',
          apiPoolMax: SETTINGS.apiPoolMax,
          travelersPolling: pollingSessions.length,
          countMeasured: withCount,
          rateLimitMax: env.RATE_LIMIT_MAX ?? 'default',
          apiDir: serverDir,
        },
        preparation: {
          requests: prepared.length,
          seconds: preparationSeconds,
          invoicesPerRequest: {
            median: percentile(invoicesPerRequest, 50),
            max: invoicesPerRequest.at(-1),
          },
          travelersSkipped: refused.length,
        },
        targets: { ...TARGETS, met: Object.fromEntries(targets.map((target) => [target.name, target.met])) },
        scan: { ...scanFigures, outcomes, pollingAloneCpuPercent, cpuMsPerScan },
        bare: bareFigures,
        ratioToBare: ratio,
        offline,
        polling: { duringScans: pollingDuring, whole: pollingAll },
      });
    } finally {
      await polling?.terminate();
      await nginx.close();
      await bareNginx.close();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
