// The canary's verdict from its figures and its stable version's: a pure function, so that each rule is tested alone
// (decision.test.mjs) and the report (report.mjs) only reads Prometheus and prints.

/** The defaults of `npm run canary:report`'s options (README.md). */
export const DEFAULT_THRESHOLDS = {
  /** Loads each version needs in the window before anything is judged. */
  minLoads: 20,
  /**
   * Distinct reporters (client addresses, api/src/plugins/metrics/README.md "The browsers' reports") each version's
   * loads need before anything is judged, and that a figure found worse needs behind it to count: one client sends many
   * reports.
   */
  minReporters: 10,
  /** The share of its reporters that saw a load fail (contract refusals included): above this and the stable's. */
  maxLoadFailureShare: 0.02,
  /** Api calls of the candidate's pages below which their failure ratio is not judged. */
  minApiCalls: 20,
  /** Failed api calls of the pages: the candidate's ratio above this and above the stable one's. */
  maxApiFailureRatio: 0.02,
  /** p75 LCP: worse when above this many times the stable one's and above `lcpMaxSeconds` (web.dev's "good"). */
  lcpRatio: 1.2,
  lcpMaxSeconds: 2.5,
  /** p75 INP: the same, above `inpMaxSeconds`. */
  inpRatio: 1.2,
  inpMaxSeconds: 0.2,
};

export const PROMOTE = 'promote';
export const ROLL_BACK = 'roll back';
export const NOT_ENOUGH_DATA = 'not enough data';
/** The exit code of each verdict: 2 is also Prometheus unreadable (report.mjs). */
export const EXIT_CODES = { [PROMOTE]: 0, [ROLL_BACK]: 1, [NOT_ENOUGH_DATA]: 2 };

const ratio = (part, whole) => (whole > 0 ? part / whole : Number.NaN);
const known = (value) => Number.isFinite(value);

/**
 * A version's figures over the window, as report.mjs reads them: `loads`, `failures`, `contractRefusals`, `apiCalls`,
 * `apiCallsFailed` (counts), `lcpP75` and `inpP75` (seconds, NaN when the version has no vitals), and `reporters`: the
 * distinct reporters of its loads, of a failed load, of failed api calls, of a slow LCP or INP (EVIDENCE).
 * @typedef {{ load: number, load_failed: number, api_failed: number, lcp_slow: number, inp_slow: number }} Reporters
 * @typedef {{ loads: number, failures: number, contractRefusals: number, apiCalls: number, apiCallsFailed: number, lcpP75: number, inpP75: number, reporters: Reporters }} Figures
 */

/** What each check's evidence is, among the reporters' counts (the api's varco_beacon_reporters_total). */
export const EVIDENCE = ['load', 'load_failed', 'api_failed', 'lcp_slow', 'inp_slow'];

/**
 * Each check: its name, the candidate's and stable version's values, its threshold in words, and its outcome: `ok`,
 * `worse` (a reason to roll back), `few reporters` (worse by its figures, but from fewer than `minReporters` distinct
 * reporters: what one client can send, not counted) or `not judged` (too little data for that figure). The load
 * failures compare the shares of each version's reporters that saw a load fail, so that no client's number of reports
 * weighs: neither a flood of failures nor one of successes moves them.
 */
function checks(candidate, stable, t) {
  const share = (figures) => ratio(figures.reporters.load_failed, figures.reporters.load);
  const apiRatio = (figures) => ratio(figures.apiCallsFailed, figures.apiCalls);
  const loadShare = { candidate: share(candidate), stable: share(stable) };
  const api = { candidate: apiRatio(candidate), stable: apiRatio(stable) };
  /** Worse by the figures: worse if as many distinct reporters say so, else only what a few could send. */
  const backed = (worse, evidence) => {
    if (!worse) return { outcome: 'ok' };
    const reporters = { count: candidate.reporters[evidence], needed: t.minReporters };
    return { outcome: reporters.count >= t.minReporters ? 'worse' : 'few reporters', reporters };
  };
  const vital = (name, key, factor, max, evidence) => {
    const values = { candidate: candidate[key], stable: stable[key] };
    const judged = known(values.candidate) && known(values.stable);
    const worse = judged && values.candidate > factor * values.stable && values.candidate > max;
    return {
      name,
      unit: 'seconds',
      ...values,
      threshold: { factor, max },
      ...(judged ? backed(worse, evidence) : { outcome: 'not judged' }),
    };
  };
  const versionDetail = (figures) => ({
    reporters: figures.reporters.load,
    failingReporters: figures.reporters.load_failed,
    loads: figures.loads,
    failures: figures.failures,
    contractRefusals: figures.contractRefusals,
  });
  return [
    {
      name: 'load failures',
      unit: 'share',
      ...loadShare,
      detail: { candidate: versionDetail(candidate), stable: versionDetail(stable) },
      threshold: { max: t.maxLoadFailureShare },
      ...backed(loadShare.candidate > t.maxLoadFailureShare && loadShare.candidate > loadShare.stable, 'load_failed'),
    },
    {
      name: 'failed api calls',
      unit: 'share',
      ...api,
      detail: { candidate: { calls: candidate.apiCalls }, stable: { calls: stable.apiCalls } },
      threshold: { max: t.maxApiFailureRatio, minCalls: t.minApiCalls },
      // A stable version whose pages made no call gives no ratio: the candidate is then held to the bound alone.
      ...(!(candidate.apiCalls >= t.minApiCalls)
        ? { outcome: 'not judged' }
        : backed(
            api.candidate > t.maxApiFailureRatio && (!known(api.stable) || api.candidate > api.stable),
            'api_failed',
          )),
    },
    vital('LCP p75', 'lcpP75', t.lcpRatio, t.lcpMaxSeconds, 'lcp_slow'),
    vital('INP p75', 'inpP75', t.inpRatio, t.inpMaxSeconds, 'inp_slow'),
  ];
}

/**
 * The verdict on a candidate: not enough data while either version has fewer than `minLoads` loads or `minReporters`
 * reporters of them; else roll back when any check finds it worse, with that many reporters behind it; else promote,
 * naming the checks worse by their figures alone (too few reporters behind them to count).
 * @param {{ candidate: Figures, stable: Figures }} figures
 * @param {Partial<typeof DEFAULT_THRESHOLDS>} [thresholds]
 */
export function decide({ candidate, stable }, thresholds = {}) {
  const t = { ...DEFAULT_THRESHOLDS, ...thresholds };
  const versions = [
    ['candidate', candidate],
    ['stable', stable],
  ];
  const sample = [
    ...versions
      .filter(([, figures]) => !(figures.loads >= t.minLoads))
      .map(([which, figures]) => `the ${which} has ${Math.round(figures.loads)} loads, fewer than ${t.minLoads}`),
    ...versions
      .filter(([, figures]) => !(figures.reporters.load >= t.minReporters))
      .map(
        ([which, figures]) =>
          `the ${which}'s loads come from ${Math.round(figures.reporters.load)} distinct reporters, fewer than ${t.minReporters}`,
      ),
  ];
  const all = checks(candidate, stable, t);
  if (sample.length > 0) return { verdict: NOT_ENOUGH_DATA, reasons: sample, checks: all };
  const worse = all.filter((check) => check.outcome === 'worse');
  if (worse.length > 0) return { verdict: ROLL_BACK, reasons: worse.map(describe), checks: all };
  const few = all.filter((check) => check.outcome === 'few reporters');
  return {
    verdict: PROMOTE,
    reasons: [
      `no figure is worse than the thresholds with at least ${t.minReporters} distinct reporters behind it`,
      ...few.map(describe),
    ],
    checks: all,
  };
}

const percent = (value) => (known(value) ? `${(value * 100).toFixed(1)} %` : 'no data');
const seconds = (value) =>
  !known(value) ? 'no data' : value < 1 ? `${Math.round(value * 1000)} ms` : `${value.toFixed(2)} s`;

const reportersOf = (check) =>
  !check.reporters
    ? ''
    : check.outcome === 'worse'
      ? `; from ${Math.round(check.reporters.count)} distinct reporters (at least ${check.reporters.needed} needed)`
      : `; but from ${Math.round(check.reporters.count)} distinct reporters, fewer than ${check.reporters.needed}: not counted`;

/** A check's values and threshold in words, as the report prints them. */
export function describe(check) {
  if (check.name === 'load failures') {
    const { candidate, stable } = check.detail;
    return (
      `${check.name}: candidate ${percent(check.candidate)} of ${Math.round(candidate.reporters)} reporters ` +
      `(${Math.round(candidate.failingReporters)} saw one fail; ${Math.round(candidate.failures)} of ` +
      `${Math.round(candidate.loads)} loads failed, ${Math.round(candidate.contractRefusals)} of them contract refusals), ` +
      `stable ${percent(check.stable)} of ${Math.round(stable.reporters)} reporters; ` +
      `worse above ${percent(check.threshold.max)} and above the stable version${reportersOf(check)}`
    );
  }
  if (check.unit === 'share')
    return (
      `${check.name}: candidate ${percent(check.candidate)} (of ${Math.round(check.detail.candidate.calls)} calls), ` +
      `stable ${percent(check.stable)}; worse above ${percent(check.threshold.max)} and above the stable version` +
      reportersOf(check)
    );
  return (
    `${check.name}: candidate ${seconds(check.candidate)}, stable ${seconds(check.stable)}; ` +
    `worse above ${check.threshold.factor}× the stable version and above ${seconds(check.threshold.max)}` +
    reportersOf(check)
  );
}

/** The report as printed: what was compared, each check, then the verdict and its reasons. */
export function formatReport({ remote, candidate, stable, window, loads, reporters }, decision) {
  const lines = [
    `Canary ${remote}: candidate ${candidate} against stable ${stable}, over the last ${window}`,
    `  loads: candidate ${Math.round(loads.candidate)}, stable ${Math.round(loads.stable)}`,
    `  distinct reporters of them: candidate ${Math.round(reporters.candidate)}, stable ${Math.round(reporters.stable)}`,
    ...decision.checks.map((check) => `  [${check.outcome}] ${describe(check)}`),
    '',
    `Verdict: ${decision.verdict}`,
    ...decision.reasons.map((reason) => `  - ${reason}`),
  ];
  return `${lines.join('\n')}\n`;
}
