// The canary report's figures, read from Prometheus's HTTP API (instant queries, all at one time): for one version of
// a remote, over a window, what decision.mjs judges.
import { EVIDENCE } from './decision.mjs';

/** Prometheus could not be read, or answered something that is not a query's result. */
export class PrometheusError extends Error {}

/** A PromQL duration: 10m, 1h, 1h30m. */
export const WINDOW_PATTERN = /^(\d+(ms|s|m|h|d|w|y))+$/;
/** What a version may be to go into a query (the releases' semantic versions): nothing a label matcher would read. */
export const VERSION_PATTERN = /^[0-9A-Za-z.+-]{1,64}$/;

/** One instant query: its samples as `{ labels, value }`. */
async function query(prometheusUrl, expr, time, fetchImpl) {
  const url = new URL('api/v1/query', prometheusUrl.endsWith('/') ? prometheusUrl : `${prometheusUrl}/`);
  url.searchParams.set('query', expr);
  url.searchParams.set('time', String(time));
  let answer;
  try {
    answer = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    throw new PrometheusError(
      `Prometheus at ${prometheusUrl} cannot be read: ${error.cause?.message ?? error.message}`,
    );
  }
  const text = await answer.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!answer.ok || body?.status !== 'success' || body.data?.resultType !== 'vector')
    throw new PrometheusError(
      `Prometheus at ${prometheusUrl} answered ${answer.status} to ${expr}: ${body?.error ?? text.slice(0, 200)}`,
    );
  return body.data.result.map(({ metric, value }) => ({ labels: metric, value: Number(value[1]) }));
}

const total = (samples) => samples.reduce((sum, { value }) => sum + (Number.isFinite(value) ? value : 0), 0);

/**
 * A version's figures over `window` (decision.mjs's Figures): its loads and failed loads (contract refusals among
 * them) from the remote's own series, the api calls of its pages and their p75 LCP and INP from its app's, and the
 * distinct reporters of each (counted by each instance once an hour: summed over the instances and the window, a
 * reporter may count once per instance and hour it reached).
 */
export async function readFigures({ prometheusUrl, remote, version, window, time, fetchImpl = fetch }) {
  const ask = (expr) => query(prometheusUrl, expr, time, fetchImpl);
  const asRemote = `{remote="${remote}", version="${version}"}`;
  const asApp = `{app="${remote}", version="${version}"}`;
  const p75 = (family) =>
    ask(`histogram_quantile(0.75, sum by (le) (rate(${family}_bucket${asApp}[${window}])))`).then(
      (samples) => samples[0]?.value ?? Number.NaN,
    );
  const [loads, failures, calls, lcpP75, inpP75, reporters] = await Promise.all([
    ask(`sum(increase(varco_remote_loads_total${asRemote}[${window}]))`),
    ask(`sum by (reason) (increase(varco_remote_load_failures_total${asRemote}[${window}]))`),
    ask(`sum by (outcome) (increase(varco_page_api_calls_total${asApp}[${window}]))`),
    p75('varco_web_vitals_lcp_seconds'),
    p75('varco_web_vitals_inp_seconds'),
    ask(`sum by (evidence) (increase(varco_beacon_reporters_total${asApp}[${window}]))`),
  ]);
  return {
    reporters: Object.fromEntries(
      EVIDENCE.map((evidence) => [evidence, total(reporters.filter(({ labels }) => labels.evidence === evidence))]),
    ),
    loads: total(loads),
    failures: total(failures),
    contractRefusals: total(failures.filter(({ labels }) => labels.reason === 'contract')),
    apiCalls: total(calls),
    apiCallsFailed: total(calls.filter(({ labels }) => labels.outcome === 'failed')),
    lcpP75,
    inpP75,
  };
}
