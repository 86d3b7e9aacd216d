// HTTP load with autocannon (programmatic), with exact latency percentiles: autocannon's own histogram has whole
// milliseconds and no p95, so every response time (a float, in ms) of a 2xx answer is kept and sorted here.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (ms, user + system) used so far by the processes `pids`; 0 for one that is gone. Linux only. */
export function cpuMsOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The CPU time (ms) each process of `pids` has used so far, by pid. */
export const cpuByPid = (pids) => new Map(pids.map((pid) => [pid, cpuMsOf([pid])]));

/**
 * The CPU time (ms) the processes `pids` used since `before` (a `cpuByPid`): one started since counts whole, one that
 * ended is left out. Subtracting sums instead would count a database backend closed meanwhile as negative time.
 */
export function cpuMsSince(before, pids) {
  return pids.reduce((sum, pid) => sum + Math.max(0, cpuMsOf([pid]) - (before.get(pid) ?? 0)), 0);
}

/**
 * The pids of the PostgreSQL backends serving `client`'s database (the api's pool and LISTEN connections, the bench's
 * own): on a server other work shares (other databases' tests, their autovacuum), the CPU of every `postgres`
 * process would count theirs too. The server's shared background processes (checkpointer, WAL writer) are left out.
 */
export async function databaseBackendPids(client) {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database()');
  return rows.map((row) => row.pid);
}

/** The value at percentile p (0-100) of ascending `sorted`, nearest-rank. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const round2 = (value) => Math.round(value * 100) / 100;

/**
 * One autocannon run of `warmUpSeconds + seconds`; the answers of the warm-up are not kept. One run rather than two:
 * autocannon builds the requests of every connection when it starts, which would stall the first measured answers.
 */
function autocannonRun(options, warmUpSeconds, pids) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let non2xx = 0;
    let measuring = warmUpSeconds <= 0;
    // The first pid's CPU on its own too (the api's, without its database backends).
    const mark = () => ({ startedAt: performance.now(), cpu: cpuByPid(pids) });
    let window = measuring ? mark() : undefined;
    const warmedUp = setTimeout(() => {
      measuring = true;
      window = mark();
    }, warmUpSeconds * 1000);
    const instance = autocannon({ ...options, duration: warmUpSeconds + options.duration }, (error, result) => {
      clearTimeout(warmedUp);
      if (error) return reject(error);
      resolve({
        result,
        latencies,
        non2xx,
        seconds: (performance.now() - window.startedAt) / 1000,
        cpuMs: cpuMsSince(window.cpu, pids),
        firstCpuMs: cpuMsSince(window.cpu, pids.slice(0, 1)),
      });
    });
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      // autocannon 9 keeps the request lost with a keep-alive connection the server closed, timing every later answer
      // from the one before: once an answer is in, only `pipelining - 1` requests can still wait.
      const waiting = client.pipelinedRequests;
      while (waiting.size() > options.pipelining - 1) waiting.pendingRequests.shift();
      if (!measuring) return;
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx += 1;
    });
  });
}

/**
 * Loads `url` with `connections` keep-alive connections in a closed loop, after a discarded warm-up (docs/benches.md,
 * "The load"). Requests come from `setupRequest(request)` or, in turn, from `requests` (`{ method, path, headers }`);
 * `serverPids` (a function, maybe async) names the processes whose CPU per answer is counted, the first one also alone.
 * Returns latency percentiles (ms), requests per second and the failures (non-2xx answers, socket errors, timeouts).
 */
export async function measure({ url, connections, seconds, warmUpSeconds, setupRequest, requests, serverPids }) {
  const options = {
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    duration: seconds,
    ...(setupRequest ? { requests: [{ method: 'GET', setupRequest }] } : {}),
    ...(requests ? { requests } : {}),
  };
  const run = await autocannonRun(options, warmUpSeconds, (await serverPids?.()) ?? []);
  const { result, latencies, non2xx } = run;
  const sorted = Float64Array.from(latencies).sort();
  const answered = sorted.length + non2xx;
  return {
    ...(serverPids
      ? {
          serverCpuUsPerRequest: round2((run.cpuMs * 1000) / (answered || 1)),
          firstServerCpuUsPerRequest: round2((run.firstCpuMs * 1000) / (answered || 1)),
        }
      : {}),
    requests: answered,
    requestsPerSecond: Math.round(answered / run.seconds),
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.length ? sorted[sorted.length - 1] : Number.NaN),
    mean: round2(sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1)),
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** What the numbers were measured on. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    hostname: os.hostname(),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

/**
 * What the numbers are about to be measured on, read just before the measures: other work on the machine skews every
 * number, so a busy load average is said, and kept with them.
 */
export function machineBeforeMeasures(log) {
  const machine = machineInfo();
  if (machine.loadAverage1m > 0.5)
    log(`note: load average ${machine.loadAverage1m} before the measures (other processes are busy)`);
  return machine;
}

/** The latency columns of every api bench's table (`table`): p50, p95, p99 and max, in ms. */
export const LATENCY_COLUMNS = [
  ['p50', 'p50 ms'],
  ['p95', 'p95 ms'],
  ['p99', 'p99 ms'],
  ['max', 'max ms'],
];

/** A fixed-width table of rows (objects), with the given columns [key, title]. */
export function table(rows, columns) {
  const cells = [
    columns.map(([, title]) => title),
    ...rows.map((row) => columns.map(([key]) => String(row[key] ?? ''))),
  ];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return cells
    .map((line, lineIndex) =>
      line
        .map((cell, index) =>
          index === 0 || lineIndex === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]),
        )
        .join('  '),
    )
    .join('\n');
}
