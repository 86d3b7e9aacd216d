/**
 * @jest-environment node
 */
// Each rule of the canary's verdict alone (decision.mjs): the figures of a healthy pair, changed one at a time.
import { decide, DEFAULT_THRESHOLDS, formatReport, NOT_ENOUGH_DATA, PROMOTE, ROLL_BACK } from './decision.mjs';

/**
 * 200 loads without a failure from 100 reporters, 500 api calls with 1 % failing, LCP 1.8 s and INP 120 ms at p75;
 * 20 of the reporters saw a failed call, a slow LCP, a slow INP.
 */
const healthy = {
  loads: 200,
  failures: 0,
  contractRefusals: 0,
  apiCalls: 500,
  apiCallsFailed: 5,
  lcpP75: 1.8,
  inpP75: 0.12,
  reporters: { load: 100, load_failed: 0, api_failed: 20, lcp_slow: 20, inp_slow: 20 },
};
const figures = (changes) => ({ ...healthy, ...changes, reporters: { ...healthy.reporters, ...changes.reporters } });
const judge = (candidate, stable = {}, thresholds) =>
  decide({ candidate: figures(candidate), stable: figures(stable) }, thresholds);
const outcomes = (decision) => Object.fromEntries(decision.checks.map((check) => [check.name, check.outcome]));

describe('the canary verdict', () => {
  it('promotes a candidate no worse than its stable version, every check ok', () => {
    const decision = judge({});
    expect(decision.verdict).toBe(PROMOTE);
    expect(outcomes(decision)).toEqual({
      'load failures': 'ok',
      'failed api calls': 'ok',
      'LCP p75': 'ok',
      'INP p75': 'ok',
    });
  });

  describe('not enough data', () => {
    it('while the candidate or the stable version has fewer loads than the minimum, whatever its figures', () => {
      const few = judge({ loads: 19, failures: 19 });
      expect(few.verdict).toBe(NOT_ENOUGH_DATA);
      expect(few.reasons).toEqual(['the candidate has 19 loads, fewer than 20']);
      expect(judge({}, { loads: 3 }).verdict).toBe(NOT_ENOUGH_DATA);
      expect(judge({ loads: 0 }).verdict).toBe(NOT_ENOUGH_DATA);
      expect(judge({ loads: 20 }).verdict).toBe(PROMOTE);
      expect(judge({ loads: 5 }, {}, { minLoads: 5 }).verdict).toBe(PROMOTE);
    });

    it('while the loads of either come from fewer distinct reporters than the minimum: one client sends many', () => {
      const one = judge({ loads: 5000, failures: 5000, reporters: { load: 1, load_failed: 1 } });
      expect(one.verdict).toBe(NOT_ENOUGH_DATA);
      expect(one.reasons).toEqual(["the candidate's loads come from 1 distinct reporters, fewer than 10"]);
      expect(judge({}, { reporters: { load: 9 } }).verdict).toBe(NOT_ENOUGH_DATA);
      expect(judge({ reporters: { load: 10 } }).verdict).toBe(PROMOTE);
      expect(judge({ reporters: { load: 3 } }, {}, { minReporters: 3 }).verdict).toBe(PROMOTE);
    });
  });

  describe('load failures (contract refusals among them), by the share of reporters that saw one', () => {
    it('roll back above 2 % of the reporters and above the stable share, with 10 of them at least', () => {
      const failing = judge({ failures: 10, contractRefusals: 4, reporters: { load_failed: 12 } });
      expect(failing.verdict).toBe(ROLL_BACK);
      expect(failing.reasons).toEqual([
        'load failures: candidate 12.0 % of 100 reporters (12 saw one fail; 10 of 200 loads failed, 4 of them contract refusals), stable 0.0 % of 100 reporters; worse above 2.0 % and above the stable version; from 12 distinct reporters (at least 10 needed)',
      ]);
    });

    it('pass at 2 % exactly, or when the stable version fails as much', () => {
      expect(judge({ reporters: { load_failed: 2 } }, {}, { minReporters: 2 }).verdict).toBe(PROMOTE);
      expect(judge({ reporters: { load_failed: 12 } }, { reporters: { load_failed: 15 } }).verdict).toBe(PROMOTE);
      expect(judge({ reporters: { load_failed: 12 } }, { reporters: { load_failed: 12 } }).verdict).toBe(PROMOTE);
      expect(judge({ reporters: { load_failed: 2 } }, {}, { maxLoadFailureShare: 0.01, minReporters: 2 }).verdict).toBe(
        ROLL_BACK,
      );
    });

    it('are not moved by one client: its flood of failures does not roll back, its flood of successes hides none', () => {
      // 190 of 200 loads failed, all from one or three reporters: worse by the loads, not by who saw it.
      expect(outcomes(judge({ failures: 190, reporters: { load_failed: 1 } }))['load failures']).toBe('ok');
      const three = judge({ failures: 190, reporters: { load_failed: 3 } });
      expect(three.verdict).toBe(PROMOTE);
      expect(outcomes(three)['load failures']).toBe('few reporters');
      expect(three.reasons).toContain(
        'load failures: candidate 3.0 % of 100 reporters (3 saw one fail; 190 of 200 loads failed, 0 of them contract refusals), stable 0.0 % of 100 reporters; worse above 2.0 % and above the stable version; but from 3 distinct reporters, fewer than 10: not counted',
      );
      // 30 of 100 reporters saw it fail, under 5,000 successful loads from one more.
      expect(judge({ loads: 5000, failures: 30, reporters: { load: 101, load_failed: 30 } }).verdict).toBe(ROLL_BACK);
    });
  });

  describe('failed api calls of its pages', () => {
    it('roll back above 2 % of the calls and above the stable ratio', () => {
      const failing = judge({ apiCallsFailed: 50 });
      expect(failing.verdict).toBe(ROLL_BACK);
      expect(outcomes(failing)['failed api calls']).toBe('worse');
    });

    it('pass when the stable version fails as much (the api, not the candidate), or when few reporters say so', () => {
      expect(judge({ apiCallsFailed: 50 }, { apiCallsFailed: 60 }).verdict).toBe(PROMOTE);
      const one = judge({ apiCallsFailed: 400, reporters: { api_failed: 1 } });
      expect(one.verdict).toBe(PROMOTE);
      expect(outcomes(one)['failed api calls']).toBe('few reporters');
    });

    it('are not judged under the minimum of calls; against the bound alone when the stable pages made none', () => {
      const few = judge({ apiCalls: 10, apiCallsFailed: 9 });
      expect(few.verdict).toBe(PROMOTE);
      expect(outcomes(few)['failed api calls']).toBe('not judged');
      expect(judge({ apiCallsFailed: 50 }, { apiCalls: 0, apiCallsFailed: 0 }).verdict).toBe(ROLL_BACK);
      expect(judge({ apiCallsFailed: 5 }, { apiCalls: 0, apiCallsFailed: 0 }).verdict).toBe(PROMOTE);
    });
  });

  describe('LCP at p75', () => {
    it('rolls back above 1.2× the stable one and above 2.5 s', () => {
      const slow = judge({ lcpP75: 3.2 }, { lcpP75: 2.4 });
      expect(slow.verdict).toBe(ROLL_BACK);
      expect(slow.reasons).toEqual([
        'LCP p75: candidate 3.20 s, stable 2.40 s; worse above 1.2× the stable version and above 2.50 s; from 20 distinct reporters (at least 10 needed)',
      ]);
    });

    it('passes when only one bound is crossed, or when few reporters saw the slow pages', () => {
      expect(judge({ lcpP75: 2.4 }, { lcpP75: 1.0 }).verdict).toBe(PROMOTE); // 2.4× the stable, still good
      expect(judge({ lcpP75: 3.2 }, { lcpP75: 3.0 }).verdict).toBe(PROMOTE); // slow, as slow as the stable
      const flood = judge({ lcpP75: 9, reporters: { lcp_slow: 2 } });
      expect(flood.verdict).toBe(PROMOTE);
      expect(outcomes(flood)['LCP p75']).toBe('few reporters');
    });

    it('is not judged without the figures of both versions', () => {
      const none = judge({ lcpP75: Number.NaN });
      expect(outcomes(none)['LCP p75']).toBe('not judged');
      expect(none.verdict).toBe(PROMOTE);
      expect(outcomes(judge({ lcpP75: 9 }, { lcpP75: Number.NaN }))['LCP p75']).toBe('not judged');
    });
  });

  describe('INP at p75', () => {
    it('rolls back above 1.2× the stable one and above 200 ms', () => {
      const slow = judge({ inpP75: 0.3 }, { inpP75: 0.15 });
      expect(slow.verdict).toBe(ROLL_BACK);
      expect(slow.reasons).toEqual([
        'INP p75: candidate 300 ms, stable 150 ms; worse above 1.2× the stable version and above 200 ms; from 20 distinct reporters (at least 10 needed)',
      ]);
    });

    it('passes when only one bound is crossed, and follows its options', () => {
      expect(judge({ inpP75: 0.19 }, { inpP75: 0.05 }).verdict).toBe(PROMOTE);
      expect(judge({ inpP75: 0.3 }, { inpP75: 0.28 }).verdict).toBe(PROMOTE);
      expect(judge({ inpP75: 0.3 }, { inpP75: 0.28 }, { inpRatio: 1.05 }).verdict).toBe(ROLL_BACK);
      expect(outcomes(judge({ inpP75: 0.3 }, { inpP75: 0.15 }, { minReporters: 21 }))['INP p75']).toBe('few reporters');
    });
  });

  it('gives every reason when several figures are worse', () => {
    const decision = judge({
      failures: 100,
      apiCallsFailed: 100,
      lcpP75: 6,
      inpP75: 0.6,
      reporters: { load_failed: 50 },
    });
    expect(decision.verdict).toBe(ROLL_BACK);
    expect(decision.reasons.map((reason) => reason.split(':')[0])).toEqual([
      'load failures',
      'failed api calls',
      'LCP p75',
      'INP p75',
    ]);
  });

  it('prints what it compared, each check with both figures and its threshold, and the verdict', () => {
    const decision = judge({ failures: 10, reporters: { load_failed: 12 } });
    const text = formatReport(
      {
        remote: 'mfInvoices',
        candidate: '0.3.0',
        stable: '0.2.0',
        window: '10m',
        loads: { candidate: 200, stable: 200 },
        reporters: { candidate: 100, stable: 100 },
      },
      decision,
    );
    const loadFailures =
      'load failures: candidate 12.0 % of 100 reporters (12 saw one fail; 10 of 200 loads failed, 0 of them contract refusals), stable 0.0 % of 100 reporters; worse above 2.0 % and above the stable version; from 12 distinct reporters (at least 10 needed)';
    expect(text).toBe(
      [
        'Canary mfInvoices: candidate 0.3.0 against stable 0.2.0, over the last 10m',
        '  loads: candidate 200, stable 200',
        '  distinct reporters of them: candidate 100, stable 100',
        `  [worse] ${loadFailures}`,
        '  [ok] failed api calls: candidate 1.0 % (of 500 calls), stable 1.0 %; worse above 2.0 % and above the stable version',
        '  [ok] LCP p75: candidate 1.80 s, stable 1.80 s; worse above 1.2× the stable version and above 2.50 s',
        '  [ok] INP p75: candidate 120 ms, stable 120 ms; worse above 1.2× the stable version and above 200 ms',
        '',
        'Verdict: roll back',
        `  - ${loadFailures}`,
        '',
      ].join('\n'),
    );
    expect(DEFAULT_THRESHOLDS.minLoads).toBe(20);
    expect(DEFAULT_THRESHOLDS.minReporters).toBe(10);
  });

  it('names what it did not count when it promotes', () => {
    expect(judge({}).reasons).toEqual([
      'no figure is worse than the thresholds with at least 10 distinct reporters behind it',
    ]);
  });
});
