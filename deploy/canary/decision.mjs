// The canary's verdict from its figures and its stable version's: a pure function, so that each rule is tested alone
// (decision.test.mjs) and the report (report.mjs) only reads Prometheus and prints.

/** The defaults of `npm run canary:report`'s options (README.md). */
export const DEFAULT_THRESHOLDS = {
  /** Loads each version needs in the window before anything is judged. */
  minLoads: 20,
  /** Failed loads (contract refusals included): the candidate's share above this and above the stable one's. */
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
 * `apiCallsFailed` (counts), `lcpP75` and `inpP75` (seconds, NaN when the version has no vitals).
 * @typedef {{ loads: number, failures: number, contractRefusals: number, apiCalls: number, apiCallsFailed: number, lcpP75: number, inpP75: number }} Figures
 */

/**
 * Each check: its name, the candidate's and stable version's values, its threshold in words, and its outcome: `ok`,
 * `worse` (a reason to roll back) or `not judged` (too little data for that figure).
 */
function checks(candidate, stable, t) {
  const share = (figures) => ratio(figures.failures, figures.loads);
  const apiRatio = (figures) => ratio(figures.apiCallsFailed, figures.apiCalls);
  const loadShare = { candidate: share(candidate), stable: share(stable) };
  const api = { candidate: apiRatio(candidate), stable: apiRatio(stable) };
  const vital = (name, key, factor, max) => {
    const values = { candidate: candidate[key], stable: stable[key] };
    const outcome =
      !known(values.candidate) || !known(values.stable)
        ? 'not judged'
        : values.candidate > factor * values.stable && values.candidate > max
          ? 'worse'
          : 'ok';
    return { name, unit: 'seconds', ...values, threshold: { factor, max }, outcome };
  };
  return [
    {
      name: 'load failures',
      unit: 'share',
      ...loadShare,
      detail: {
        candidate: { failures: candidate.failures, contractRefusals: candidate.contractRefusals },
        stable: { failures: stable.failures, contractRefusals: stable.contractRefusals },
      },
      threshold: { max: t.maxLoadFailureShare },
      outcome: loadShare.candidate > t.maxLoadFailureShare && loadShare.candidate > loadShare.stable ? 'worse' : 'ok',
    },
    {
      name: 'failed api calls',
      unit: 'share',
      ...api,
      detail: { candidate: { calls: candidate.apiCalls }, stable: { calls: stable.apiCalls } },
      threshold: { max: t.maxApiFailureRatio, minCalls: t.minApiCalls },
      // A stable version whose pages made no call gives no ratio: the candidate is then held to the bound alone.
      outcome: !(candidate.apiCalls >= t.minApiCalls)
        ? 'not judged'
        : api.candidate > t.maxApiFailureRatio && (!known(api.stable) || api.candidate > api.stable)
          ? 'worse'
          : 'ok',
    },
    vital('LCP p75', 'lcpP75', t.lcpRatio, t.lcpMaxSeconds),
    vital('INP p75', 'inpP75', t.inpRatio, t.inpMaxSeconds),
  ];
}

/**
 * The verdict on a candidate: not enough data while either version has fewer than `minLoads` loads; else roll back
 * when any check finds it worse; else promote.
 * @param {{ candidate: Figures, stable: Figures }} figures
 * @param {Partial<typeof DEFAULT_THRESHOLDS>} [thresholds]
 */
export function decide({ candidate, stable }, thresholds = {}) {
  const t = { ...DEFAULT_THRESHOLDS, ...thresholds };
  const sample = [
    ['candidate', candidate.loads],
    ['stable', stable.loads],
  ].filter(([, loads]) => !(loads >= t.minLoads));
  const all = checks(candidate, stable, t);
  if (sample.length > 0)
    return {
      verdict: NOT_ENOUGH_DATA,
      reasons: sample.map(([which, loads]) => `the ${which} has ${Math.round(loads)} loads, fewer than ${t.minLoads}`),
      checks: all,
    };
  const worse = all.filter((check) => check.outcome === 'worse');
  if (worse.length === 0) return { verdict: PROMOTE, reasons: ['no figure is worse than the thresholds'], checks: all };
  return { verdict: ROLL_BACK, reasons: worse.map(describe), checks: all };
}

const percent = (value) => (known(value) ? `${(value * 100).toFixed(1)} %` : 'no data');
const seconds = (value) =>
  !known(value) ? 'no data' : value < 1 ? `${Math.round(value * 1000)} ms` : `${value.toFixed(2)} s`;

/** A check's values and threshold in words, as the report prints them. */
export function describe(check) {
  if (check.unit === 'share') {
    const extra =
      check.name === 'load failures'
        ? ` (${Math.round(check.detail.candidate.failures)} failed, ${Math.round(check.detail.candidate.contractRefusals)} of them contract refusals)`
        : ` (of ${Math.round(check.detail.candidate.calls)} calls)`;
    return (
      `${check.name}: candidate ${percent(check.candidate)}${extra}, stable ${percent(check.stable)}; ` +
      `worse above ${percent(check.threshold.max)} and above the stable version`
    );
  }
  return (
    `${check.name}: candidate ${seconds(check.candidate)}, stable ${seconds(check.stable)}; ` +
    `worse above ${check.threshold.factor}× the stable version and above ${seconds(check.threshold.max)}`
  );
}

/** The report as printed: what was compared, each check, then the verdict and its reasons. */
export function formatReport({ remote, candidate, stable, window, loads }, decision) {
  const lines = [
    `Canary ${remote}: candidate ${candidate} against stable ${stable}, over the last ${window}`,
    `  loads: candidate ${Math.round(loads.candidate)}, stable ${Math.round(loads.stable)}`,
    ...decision.checks.map((check) => `  [${check.outcome}] ${describe(check)}`),
    '',
    `Verdict: ${decision.verdict}`,
    ...decision.reasons.map((reason) => `  - ${reason}`),
  ];
  return `${lines.join('\n')}\n`;
}
