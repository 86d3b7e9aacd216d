// Signed-in travelers polling as the portal does (docs/calls.md): the notification count every 15 s and the keep-alive
// every 30 s per session, open loop. The polling bench measures it alone; the exit point's peak runs it beside the scans.
import http from 'node:http';
import { percentile } from './load.mjs';

/** docs/calls.md (contracts NOTIFICATION_POLL_MS, KEEP_ALIVE_MS). */
export const POLL_MS = 15_000;
export const KEEP_ALIVE_MS = 30_000;
/** Requests per second of one signed-in traveler. */
export const PER_TRAVELER = 1000 / POLL_MS + 1000 / KEEP_ALIVE_MS;
export const SESSION_COOKIE = 'varco_session';
/** The portal's http client marks every call as its own; the api refuses a state-changing call without it (or JSON). */
export const PORTAL_CLIENT = 'x-varco-client';
export const COUNT_PATH = '/api/v1/private/notifications/count';
export const HEARTBEAT_PATH = '/api/v1/private/visa/area';

const round2 = (value) => Math.round(value * 100) / 100;

export const cookieOf = (session) => `${SESSION_COOKIE}=${session.token}`;

/** A call unanswered this long (waiting for a socket included) fails, as autocannon's timeout. */
const CALL_TIMEOUT_MS = 10_000;

/** One HTTP call with a keep-alive agent; resolves with its status (0: no answer) and duration (ms). */
export function call(agent, apiUrl, method, path, cookie) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const timer = setTimeout(() => request.destroy(new Error('timeout')), CALL_TIMEOUT_MS);
    const request = http.request(
      `${apiUrl}${path}`,
      { agent, method, headers: { cookie, 'accept-language': 'en', [PORTAL_CLIENT]: '1' } },
      (response) => {
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 });
        });
      },
    );
    request.on('error', () => {
      clearTimeout(timer);
      resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    request.end();
  });
}

/** Whether the api has the count call yet (it answers 404 until the notifications module exists). */
export async function probe(apiUrl, sessions) {
  const count = await fetch(`${apiUrl}${COUNT_PATH}`, {
    headers: { cookie: cookieOf(sessions[0]), [PORTAL_CLIENT]: '1' },
  });
  const countBody = await count.text();
  const heartbeat = await fetch(`${apiUrl}${HEARTBEAT_PATH}`, {
    method: 'PUT',
    headers: { cookie: cookieOf(sessions[0]), [PORTAL_CLIENT]: '1' },
  });
  await heartbeat.arrayBuffer();
  if (heartbeat.status !== 204) throw new Error(`the heartbeat answered ${heartbeat.status}`);
  if (count.status === 404) return false;
  if (count.status !== 200) throw new Error(`the count answered ${count.status}: ${countBody}`);
  return true;
}

/**
 * One count and one heartbeat per session, before the measures: the steady state of travelers whose browsers have
 * been polling for a while (the api's session and count caches hold them), not the first minute after a restart.
 */
export async function prime(apiUrl, sessions, withCount) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < sessions.length) {
      const cookie = cookieOf(sessions[next++]);
      const calls = [
        call(agent, apiUrl, 'PUT', HEARTBEAT_PATH, cookie),
        ...(withCount ? [call(agent, apiUrl, 'GET', COUNT_PATH, cookie)] : []),
      ];
      for (const { status } of await Promise.all(calls)) if (status < 200 || status >= 300) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  if (failed > 0) throw new Error(`${failed} priming calls failed`);
}

/**
 * Starts the real load: every session polls the count every 15 s and sends the heartbeat every 30 s, the first of each
 * at a random moment of its period, then every period ± 10 %. Open loop: a slow answer does not delay the next call;
 * the calls share `maxSockets` keep-alive connections (browsers would hold one each). `stop()` ends it and resolves, once the calls in flight are answered, with every call of each kind: when it was sent
 * (`at`, ms since the epoch), its duration (`ms`) and whether it answered 2xx.
 */
export function startPolling(apiUrl, sessions, withCount, { maxSockets = 64 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const kinds = [{ name: 'heartbeat', method: 'PUT', path: HEARTBEAT_PATH, period: KEEP_ALIVE_MS }];
  if (withCount) kinds.push({ name: 'count', method: 'GET', path: COUNT_PATH, period: POLL_MS });
  const calls = Object.fromEntries(kinds.map((kind) => [kind.name, { at: [], ms: [], ok: [] }]));
  const timers = new Set();
  const inFlight = new Set();
  let running = true;
  const schedule = (session, kind, delayMs) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!running) return;
      const at = Date.now();
      const done = call(agent, apiUrl, kind.method, kind.path, cookieOf(session)).then(({ status, ms }) => {
        inFlight.delete(done);
        const record = calls[kind.name];
        record.at.push(at);
        record.ms.push(ms);
        record.ok.push(status >= 200 && status < 300);
      });
      inFlight.add(done);
      schedule(session, kind, kind.period * (0.9 + Math.random() * 0.2));
    }, delayMs);
    timers.add(timer);
  };
  for (const session of sessions) for (const kind of kinds) schedule(session, kind, Math.random() * kind.period);
  return {
    async stop() {
      running = false;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return calls;
    },
  };
}

/**
 * The table rows of the calls `startPolling` recorded (each kind, then all calls together), of those sent within
 * [from, to) (ms since the epoch; every call when omitted); the rates are per second of `seconds`.
 */
export function pollingRows(calls, seconds, { from = -Infinity, to = Infinity } = {}) {
  const summary = (records) => {
    const latencies = [];
    let failed = 0;
    for (const { at, ms, ok } of records) {
      for (let index = 0; index < at.length; index += 1) {
        if (at[index] < from || at[index] >= to) continue;
        if (ok[index]) latencies.push(ms[index]);
        else failed += 1;
      }
    }
    const sorted = Float64Array.from(latencies).sort();
    return {
      requests: sorted.length + failed,
      requestsPerSecond: Math.round((sorted.length + failed) / seconds),
      p50: round2(percentile(sorted, 50)),
      p95: round2(percentile(sorted, 95)),
      p99: round2(percentile(sorted, 99)),
      max: round2(sorted.length ? sorted[sorted.length - 1] : Number.NaN),
      non2xx: failed,
    };
  };
  const rows = Object.entries(calls).map(([name, records]) => ({ name: `simulated ${name}`, ...summary([records]) }));
  rows.push({ name: 'simulated, all calls', ...summary(Object.values(calls)) });
  return rows;
}
