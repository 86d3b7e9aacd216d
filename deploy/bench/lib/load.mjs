// HTTP load with autocannon (programmatic), with exact latency percentiles: autocannon's own histogram has whole
// milliseconds and no p95, so every response time (a float, in ms) of a 2xx answer is kept and sorted here.
import os from 'node:os';
import autocannon from 'autocannon';

/** The value at percentile p (0-100) of ascending `sorted`, nearest-rank. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

const round2 = (value) => Math.round(value * 100) / 100;

function autocannonRun(options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let non2xx = 0;
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ result, latencies, non2xx })));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx += 1;
    });
  });
}

/**
 * Loads `url` for `warmUpSeconds` (discarded), then for `seconds`, with `connections` keep-alive connections, each
 * sending its next request as soon as the last one is answered (closed loop: at saturation, latency is mostly the
 * queue, about connections / throughput). No `rate`: autocannon's sends each second's quota in a burst. Each
 * request is built by `setupRequest(request)` when given (a path, a cookie...). Returns latency percentiles (ms),
 * requests per second and the failures (non-2xx answers, socket errors, timeouts).
 */
export async function measure({ url, connections, seconds, warmUpSeconds, setupRequest }) {
  const base = {
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    ...(setupRequest ? { requests: [{ method: 'GET', setupRequest }] } : {}),
  };
  if (warmUpSeconds > 0) await autocannonRun({ ...base, duration: warmUpSeconds });
  const { result, latencies, non2xx } = await autocannonRun({ ...base, duration: seconds });
  const sorted = Float64Array.from(latencies).sort();
  const duration = result.duration || seconds;
  return {
    requests: sorted.length + non2xx,
    requestsPerSecond: Math.round((sorted.length + non2xx) / duration),
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

/** A fixed-width table of rows (objects), with the given columns [key, title]. */
export function table(rows, columns) {
  const cells = [columns.map(([, title]) => title), ...rows.map((row) => columns.map(([key]) => String(row[key] ?? '')))];
  const widths = columns.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return cells.map((line, lineIndex) => line.map((cell, index) => (index === 0 || lineIndex === 0 ? cell.padEnd(widths[index]) : cell.padStart(widths[index]))).join('  ')).join('\n');
}
