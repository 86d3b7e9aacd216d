// npm run canary:report: is a remote's canary to be promoted or rolled back? Reads Prometheus's HTTP API and compares the
// candidate with the stable version (README.md). Exit code: 0 promote, 1 roll back, 2 no verdict (not enough data,
// Prometheus or the configuration unreadable), 64 wrong options.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { decide, DEFAULT_THRESHOLDS, EXIT_CODES, formatReport } from './decision.mjs';
import { PrometheusError, readFigures, VERSION_PATTERN, WINDOW_PATTERN } from './prometheus.mjs';
import { canaryOfConfig } from './versions.mjs';

const NO_VERDICT = 2;
const USAGE_ERROR = 64;

const USAGE = `Usage: npm run canary:report -- (--config <file|url> | --remote <name> --canary <version> --stable <version>) [options]

  --config <file|url>    the portal's runtime configuration: its canary entry names the remote and the candidate,
                         the remote's line the stable version (--remote, --canary, --stable win over it)
  --remote <name>        mfAuth, mfInvoices, mfVisa or mfNotifications
  --canary <version>     the candidate's version
  --stable <version>     the stable version
  --window <duration>    how far back to look (PromQL duration), default 10m
  --prometheus <url>     Prometheus, default $PROMETHEUS_URL or http://127.0.0.1:9090
  --json                 the figures and the verdict as JSON
Thresholds (defaults in brackets):
  --min-loads <n>            loads each version needs before anything is judged [${DEFAULT_THRESHOLDS.minLoads}]
  --min-reporters <n>        distinct reporters (client addresses) each version's loads need, and a worse figure
                             needs behind it to count [${DEFAULT_THRESHOLDS.minReporters}]
  --max-load-failures <%>    reporters that saw a load fail, above which and above the stable version's it rolls back [${DEFAULT_THRESHOLDS.maxLoadFailureShare * 100}]
  --min-api-calls <n>        api calls of the candidate's pages needed to judge their failures [${DEFAULT_THRESHOLDS.minApiCalls}]
  --max-api-failures <%>     failed api calls of its pages, likewise [${DEFAULT_THRESHOLDS.maxApiFailureRatio * 100}]
  --lcp-ratio <x>            p75 LCP above this many times the stable one's... [${DEFAULT_THRESHOLDS.lcpRatio}]
  --lcp-max <seconds>        ...and above this [${DEFAULT_THRESHOLDS.lcpMaxSeconds}]
  --inp-ratio <x>            p75 INP likewise [${DEFAULT_THRESHOLDS.inpRatio}]
  --inp-max <milliseconds>   [${DEFAULT_THRESHOLDS.inpMaxSeconds * 1000}]
Exit code: 0 promote, 1 roll back, 2 no verdict (too few loads, Prometheus or the configuration unreadable), 64 wrong options.
`;

class UsageError extends Error {}

/** A threshold option as the decision reads it (`scale` turns per cent into a share, milliseconds into seconds). */
function threshold(values, option, key, scale = 1) {
  const raw = values[option];
  if (raw === undefined) return {};
  const number = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(number) || number < 0)
    throw new UsageError(`--${option} must be a number ≥ 0, not ${raw}`);
  return { [key]: number * scale };
}

/** The remote names and the runtime configuration's parser: the shell's own, from its TypeScript source. */
async function federationContract() {
  const { tsImport } = await import('tsx/esm/api');
  return tsImport('../../shared/federation-contract/src/runtime-config.ts', import.meta.url);
}

async function readConfig(source, fetchImpl) {
  const isUrl = /^https?:\/\//.test(source);
  const fetchText = async () => {
    const answer = await fetchImpl(source, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) throw new Error(`it answered ${answer.status}`);
    return answer.text();
  };
  let text;
  try {
    text = isUrl ? await fetchText() : await readFile(source, 'utf8');
  } catch (error) {
    throw new Error(`the runtime configuration ${source} cannot be read: ${error.cause?.message ?? error.message}`);
  }
  const { parseRuntimeConfig } = await federationContract();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the runtime configuration ${source} is not JSON`);
  }
  const reading = parseRuntimeConfig(json);
  if (!reading.success)
    throw new Error(`the runtime configuration ${source} is not valid: ${reading.issues.join('; ')}`);
  return canaryOfConfig(reading.data, { base: isUrl ? source : undefined, fetchImpl });
}

/** Runs the report; answers the exit code. `out` and `err` take the printed text. */
export async function main(
  argv,
  { env = process.env, fetchImpl = fetch, out = console.log, err = console.error } = {},
) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        config: { type: 'string' },
        remote: { type: 'string' },
        canary: { type: 'string' },
        stable: { type: 'string' },
        window: { type: 'string', default: '10m' },
        prometheus: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        'min-loads': { type: 'string' },
        'min-reporters': { type: 'string' },
        'max-load-failures': { type: 'string' },
        'min-api-calls': { type: 'string' },
        'max-api-failures': { type: 'string' },
        'lcp-ratio': { type: 'string' },
        'lcp-max': { type: 'string' },
        'inp-ratio': { type: 'string' },
        'inp-max': { type: 'string' },
      },
    }));
  } catch (error) {
    err(`${error.message}\n\n${USAGE}`);
    return USAGE_ERROR;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }

  let subject;
  let thresholds;
  try {
    thresholds = {
      ...threshold(values, 'min-loads', 'minLoads'),
      ...threshold(values, 'min-reporters', 'minReporters'),
      ...threshold(values, 'max-load-failures', 'maxLoadFailureShare', 0.01),
      ...threshold(values, 'min-api-calls', 'minApiCalls'),
      ...threshold(values, 'max-api-failures', 'maxApiFailureRatio', 0.01),
      ...threshold(values, 'lcp-ratio', 'lcpRatio'),
      ...threshold(values, 'lcp-max', 'lcpMaxSeconds'),
      ...threshold(values, 'inp-ratio', 'inpRatio'),
      ...threshold(values, 'inp-max', 'inpMaxSeconds', 0.001),
    };
    if (!WINDOW_PATTERN.test(values.window))
      throw new UsageError(`--window must be a PromQL duration (10m, 1h), not ${values.window}`);
    if (!values.config && !(values.remote && values.canary && values.stable))
      throw new UsageError('give --config, or --remote, --canary and --stable');
    const fromConfig = values.config ? await readConfig(values.config, fetchImpl) : {};
    subject = {
      remote: values.remote ?? fromConfig.remote,
      candidate: values.canary ?? fromConfig.candidate,
      stable: values.stable ?? fromConfig.stable,
    };
    const { REMOTE_NAMES } = await federationContract();
    if (!REMOTE_NAMES.includes(subject.remote))
      throw new UsageError(`--remote must be one of ${REMOTE_NAMES.join(', ')}, not ${subject.remote}`);
    for (const [option, version] of [
      ['canary', subject.candidate],
      ['stable', subject.stable],
    ])
      if (!VERSION_PATTERN.test(version))
        throw new UsageError(`--${option} must be a version such as 0.3.0, not ${version}`);
  } catch (error) {
    err(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : `No verdict: ${error.message}`);
    return error instanceof UsageError ? USAGE_ERROR : NO_VERDICT;
  }

  const prometheusUrl = values.prometheus ?? env.PROMETHEUS_URL ?? 'http://127.0.0.1:9090';
  const time = Date.now() / 1000;
  let figures;
  try {
    const read = (version) =>
      readFigures({ prometheusUrl, remote: subject.remote, version, window: values.window, time, fetchImpl });
    const [candidate, stable] = await Promise.all([read(subject.candidate), read(subject.stable)]);
    figures = { candidate, stable };
  } catch (error) {
    err(`No verdict: ${error instanceof PrometheusError ? error.message : error.stack}`);
    return NO_VERDICT;
  }

  const decision = decide(figures, thresholds);
  if (values.json) {
    // NaN (no data) is written as null.
    out(
      JSON.stringify({ ...subject, window: values.window, prometheus: prometheusUrl, figures, ...decision }, null, 2),
    );
  } else {
    const loads = { candidate: figures.candidate.loads, stable: figures.stable.loads };
    const reporters = { candidate: figures.candidate.reporters.load, stable: figures.stable.reporters.load };
    out(formatReport({ ...subject, window: values.window, loads, reporters }, decision).trimEnd());
  }
  return EXIT_CODES[decision.verdict];
}

// Whatever goes wrong, the exit code never reads as a verdict it is not (Node's own for a crash is 1: roll back).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = await main(process.argv.slice(2)).catch((error) => {
    console.error(`No verdict: ${error.stack}`);
    return NO_VERDICT;
  });
