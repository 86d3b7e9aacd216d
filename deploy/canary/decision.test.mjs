/**
 * @jest-environment node
 */
// Each rule of the canary's verdict alone (decision.mjs): the figures of a healthy pair, changed one at a time.
import { decide, DEFAULT_THRESHOLDS, formatReport, NOT_ENOUGH_DATA, PROMOTE, ROLL_BACK } from './decision.mjs';

/** 200 loads without a failure, 500 api calls with 1 % failing, LCP 1.8 s and INP 120 ms at p75. */
const healthy = {
  loads: 200,
  failures: 0,
  contractRefusals: 0,
  apiCalls: 500,
  apiCallsFailed: 5,
  lcpP75: 1.8,
  inpP75: 0.12,
};
const judge = (candidate, stable = healthy, thresholds) =>
  decide({ candidate: { ...healthy, ...candidate }, stable: { ...healthy, ...stable } }, thresholds);
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
      expect(judge({ loads: 5 }, healthy, { minLoads: 5 }).verdict).toBe(PROMOTE);
    });
  });

  describe('load failures (contract refusals among them)', () => {
    it('roll back above 2 % of the loads and above the stable share', () => {
      const failing = judge({ failures: 10, contractRefusals: 4 });
      expect(failing.verdict).toBe(ROLL_BACK);
      expect(failing.reasons).toEqual([
        'load failures: candidate 5.0 % (10 failed, 4 of them contract refusals), stable 0.0 %; worse above 2.0 % and above the stable version',
      ]);
    });

    it('pass at 2 % exactly, or when the stable version fails as much', () => {
      expect(judge({ failures: 4 }).verdict).toBe(PROMOTE);
      expect(judge({ failures: 10 }, { failures: 12 }).verdict).toBe(PROMOTE);
      expect(judge({ failures: 10 }, { failures: 10 }).verdict).toBe(PROMOTE);
      expect(judge({ failures: 4 }, healthy, { maxLoadFailureShare: 0.01 }).verdict).toBe(ROLL_BACK);
    });
  });

  describe('failed api calls of its pages', () => {
    it('roll back above 2 % of the calls and above the stable ratio', () => {
      const failing = judge({ apiCallsFailed: 50 });
      expect(failing.verdict).toBe(ROLL_BACK);
      expect(outcomes(failing)['failed api calls']).toBe('worse');
    });

    it('pass when the stable version fails as much (the api, not the candidate)', () => {
      expect(judge({ apiCallsFailed: 50 }, { apiCallsFailed: 60 }).verdict).toBe(PROMOTE);
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
        'LCP p75: candidate 3.20 s, stable 2.40 s; worse above 1.2× the stable version and above 2.50 s',
      ]);
    });

    it('passes when only one bound is crossed', () => {
      expect(judge({ lcpP75: 2.4 }, { lcpP75: 1.0 }).verdict).toBe(PROMOTE); // 2.4× the stable, still good
      expect(judge({ lcpP75: 3.2 }, { lcpP75: 3.0 }).verdict).toBe(PROMOTE); // slow, as slow as the stable
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
        'INP p75: candidate 300 ms, stable 150 ms; worse above 1.2× the stable version and above 200 ms',
      ]);
    });

    it('passes when only one bound is crossed, and follows its options', () => {
      expect(judge({ inpP75: 0.19 }, { inpP75: 0.05 }).verdict).toBe(PROMOTE);
      expect(judge({ inpP75: 0.3 }, { inpP75: 0.28 }).verdict).toBe(PROMOTE);
      expect(judge({ inpP75: 0.3 }, { inpP75: 0.28 }, { inpRatio: 1.05 }).verdict).toBe(ROLL_BACK);
    });
  });

  it('gives every reason when several figures are worse', () => {
    const decision = judge({ failures: 100, apiCallsFailed: 100, lcpP75: 6, inpP75: 0.6 });
    expect(decision.verdict).toBe(ROLL_BACK);
    expect(decision.reasons.map((reason) => reason.split(':')[0])).toEqual([
      'load failures',
      'failed api calls',
      'LCP p75',
      'INP p75',
    ]);
  });

  it('prints what it compared, each check with both figures and its threshold, and the verdict', () => {
    const decision = judge({ failures: 10 });
    const text = formatReport(
      {
        remote: 'mfInvoices',
        candidate: '0.3.0',
        stable: '0.2.0',
        window: '10m',
        loads: { candidate: 200, stable: 200 },
      },
      decision,
    );
    expect(text).toBe(
      [
        'Canary mfInvoices: candidate 0.3.0 against stable 0.2.0, over the last 10m',
        '  loads: candidate 200, stable 200',
        '  [worse] load failures: candidate 5.0 % (10 failed, 0 of them contract refusals), stable 0.0 %; worse above 2.0 % and above the stable version',
        '  [ok] failed api calls: candidate 1.0 % (of 500 calls), stable 1.0 %; worse above 2.0 % and above the stable version',
        '  [ok] LCP p75: candidate 1.80 s, stable 1.80 s; worse above 1.2× the stable version and above 2.50 s',
        '  [ok] INP p75: candidate 120 ms, stable 120 ms; worse above 1.2× the stable version and above 200 ms',
        '',
        'Verdict: roll back',
        '  - load failures: candidate 5.0 % (10 failed, 0 of them contract refusals), stable 0.0 %; worse above 2.0 % and above the stable version',
        '',
      ].join('\n'),
    );
    expect(DEFAULT_THRESHOLDS.minLoads).toBe(20);
  });
});
