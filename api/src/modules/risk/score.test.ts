import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { catalogues } from '../../i18n/messages';
import { describeRiskReason, describeRiskReasons, riskReasonValues } from './reasons';
import { RISK_RULES, RISK_THRESHOLDS, scoreRisk, secureRandom, type RiskInput } from './score';

const NO_SAMPLE = () => 0.5;
const SAMPLED = () => 0.01;
const NOW = new Date('2026-06-10T08:00:00Z');
const TRAVEL = new Date('2026-06-12T16:30:00Z');

/** A harmless request: one 300 EUR invoice bought 2 days before an air departure, no history. */
function input(overrides: Partial<RiskInput> = {}): RiskInput {
  const invoices = overrides.invoices ?? [{ totalAmount: 300, emissionDate: '2026-06-10' }];
  return {
    requestId: 1,
    totalAmount: invoices.reduce((sum, invoice) => sum + invoice.totalAmount, 0),
    invoices,
    crewMember: false,
    transportType: 'AE',
    travelDate: TRAVEL,
    previousCustomsChecks: 0,
    previousDenials: 0,
    now: NOW,
    ...overrides,
  };
}

const keys = (result: ReturnType<typeof scoreRisk>) => result.reasons.map((reason) => reason.key);

describe('risk score', () => {
  it('gives green with the reason "no risk factor" to a harmless request', () => {
    const result = scoreRisk(input(), NO_SAMPLE);
    assert.deepEqual(result, { light: 1, score: 0, reasons: [{ key: 'risk.noFindings' }] });
  });

  it('adds the highest step of the total only: above 1,000 / 3,000 / 10,000 EUR', () => {
    const step = (total: number) =>
      scoreRisk(input({ invoices: [{ totalAmount: total, emissionDate: '2026-06-10' }] }), NO_SAMPLE);
    assert.equal(step(1000).score, 0, 'exactly 1,000 is not above');
    assert.deepEqual(step(1000.01).reasons, [{ key: 'risk.totalAbove', params: { total: 1000.01, threshold: 1000 } }]);
    assert.equal(step(1000.01).score, 10);
    assert.equal(step(3500).score, 20);
    assert.equal(step(3500).light, 1);
    // 12,000 in one invoice: the 10,000 step (40) and one invoice above 5,000 (20) → red.
    const big = step(12_000);
    assert.deepEqual(keys(big), ['risk.totalAbove', 'risk.largeInvoice']);
    assert.equal(big.score, 60);
    assert.equal(big.light, 10);
  });

  it('flags invoices above 5,000 EUR with their count and the largest', () => {
    const result = scoreRisk(
      input({
        invoices: [
          { totalAmount: 5200, emissionDate: '2026-06-01' },
          { totalAmount: 5000, emissionDate: '2026-06-01' },
          { totalAmount: 6100.5, emissionDate: '2026-06-01' },
        ],
      }),
      NO_SAMPLE,
    );
    const large = result.reasons.find((reason) => reason.key === 'risk.largeInvoice');
    assert.deepEqual(large, { key: 'risk.largeInvoice', params: { count: 2, max: 6100.5, threshold: 5000 } });
    // 16,300.5 total (40) + large (20).
    assert.equal(result.score, 60);
  });

  it('flags many invoices (8 or more)', () => {
    const invoice = { totalAmount: 100, emissionDate: '2026-06-05' };
    assert.equal(scoreRisk(input({ invoices: Array(7).fill(invoice) }), NO_SAMPLE).score, 0);
    const eight = scoreRisk(input({ invoices: Array(8).fill(invoice) }), NO_SAMPLE);
    assert.deepEqual(eight.reasons, [{ key: 'risk.manyInvoices', params: { count: 8, threshold: 8 } }]);
    assert.equal(eight.score, RISK_RULES.manyInvoices.points);
  });

  it('flags goods bought more than 60 days before the departure (days counted in Rome)', () => {
    // Departure 12 June: 13 April is 60 days before (not more), 12 April 61.
    assert.equal(
      scoreRisk(input({ invoices: [{ totalAmount: 200, emissionDate: '2026-04-13' }] }), NO_SAMPLE).score,
      0,
    );
    const old = scoreRisk(
      input({
        invoices: [
          { totalAmount: 200, emissionDate: '2026-04-12' },
          { totalAmount: 200, emissionDate: '2026-03-31' },
          { totalAmount: 200, emissionDate: '2026-06-01' },
        ],
      }),
      NO_SAMPLE,
    );
    assert.deepEqual(old.reasons, [{ key: 'risk.oldPurchase', params: { count: 2, days: 73, threshold: 60 } }]);
    // 23:30 UTC on 11 June is already 12 June in Rome.
    const lateEvening = scoreRisk(
      input({
        travelDate: new Date('2026-06-11T22:30:00Z'),
        invoices: [{ totalAmount: 200, emissionDate: '2026-04-12' }],
      }),
      NO_SAMPLE,
    );
    assert.equal(lateEvening.score, RISK_RULES.oldPurchase.points);
  });

  it('flags a crew member and a private vehicle', () => {
    const crew = scoreRisk(input({ crewMember: true }), NO_SAMPLE);
    assert.deepEqual(crew, { light: 1, score: 20, reasons: [{ key: 'risk.crewMember' }] });
    const car = scoreRisk(input({ transportType: 'MP' }), NO_SAMPLE);
    assert.deepEqual(car, { light: 1, score: 10, reasons: [{ key: 'risk.privateVehicle' }] });
    // Together: 30, yellow.
    assert.equal(scoreRisk(input({ crewMember: true, transportType: 'MP' }), NO_SAMPLE).light, 5);
  });

  it('counts earlier customs checks and denials, each up to a cap', () => {
    assert.deepEqual(scoreRisk(input({ previousCustomsChecks: 2 }), NO_SAMPLE), {
      light: 1,
      score: 20,
      reasons: [{ key: 'risk.previousChecks', params: { count: 2 } }],
    });
    assert.equal(scoreRisk(input({ previousCustomsChecks: 9 }), NO_SAMPLE).score, RISK_RULES.previousChecks.max);
    const denied = scoreRisk(input({ previousDenials: 1 }), NO_SAMPLE);
    assert.deepEqual(denied.reasons, [{ key: 'risk.previousDenials', params: { count: 1 } }]);
    assert.equal(denied.score, 25);
    assert.equal(scoreRisk(input({ previousDenials: 5 }), NO_SAMPLE).score, RISK_RULES.previousDenials.max);
    // Two denials and a check: 50 + 10 → red.
    assert.equal(scoreRisk(input({ previousDenials: 2, previousCustomsChecks: 1 }), NO_SAMPLE).light, 10);
  });

  it('maps the score to the light at the documented thresholds', () => {
    assert.deepEqual(RISK_THRESHOLDS, { yellow: 30, red: 60 });
    const at = (denials: number, checks: number) =>
      scoreRisk(input({ previousDenials: denials, previousCustomsChecks: checks }), NO_SAMPLE);
    assert.equal(at(0, 2).light, 1); // 20
    assert.equal(at(1, 0).light, 1); // 25
    assert.equal(at(0, 3).light, 5); // 30
    assert.equal(at(2, 0).light, 5); // 50
    assert.equal(at(2, 1).light, 10); // 60
  });

  it('forces at least yellow on a random sample, and says so', () => {
    const sampled = scoreRisk(input(), SAMPLED);
    assert.deepEqual(sampled, { light: 5, score: 0, reasons: [{ key: 'risk.randomSample' }] });
    // The boundary: 3 % of the draws.
    assert.equal(scoreRisk(input(), () => 0.029999).light, 5);
    assert.equal(scoreRisk(input(), () => 0.03).light, 1);
    // A red request stays red.
    const red = scoreRisk(input({ previousDenials: 2, previousCustomsChecks: 1 }), SAMPLED);
    assert.equal(red.light, 10);
    assert.ok(keys(red).includes('risk.randomSample'));
  });

  it('draws no sample when the configured rate is 0, and more with a higher rate', () => {
    assert.deepEqual(scoreRisk(input(), SAMPLED, 0).reasons, [{ key: 'risk.noFindings' }]);
    assert.equal(scoreRisk(input(), () => 0.2, 0.25).light, 5);
  });

  it('draws the random source exactly once', () => {
    let draws = 0;
    scoreRisk(input({ crewMember: true, previousDenials: 3 }), () => {
      draws += 1;
      return 0.9;
    });
    assert.equal(draws, 1);
    for (let i = 0; i < 1000; i++) {
      const value = secureRandom();
      assert.ok(value >= 0 && value < 1);
    }
  });

  it('has every reason in both catalogues, and reads them with amounts per locale', () => {
    const all = scoreRisk(
      input({
        invoices: [
          ...Array(7).fill({ totalAmount: 100, emissionDate: '2026-03-01' }),
          { totalAmount: 10_500, emissionDate: '2026-06-01' },
        ],
        crewMember: true,
        transportType: 'MP',
        previousCustomsChecks: 1,
        previousDenials: 1,
      }),
      SAMPLED,
    );
    assert.deepEqual(keys(all), [
      'risk.totalAbove',
      'risk.largeInvoice',
      'risk.manyInvoices',
      'risk.oldPurchase',
      'risk.crewMember',
      'risk.privateVehicle',
      'risk.previousChecks',
      'risk.previousDenials',
      'risk.randomSample',
    ]);
    for (const reason of [...all.reasons, { key: 'risk.noFindings' }]) {
      assert.ok(reason.key in catalogues.EN && reason.key in catalogues.IT, reason.key);
      for (const text of [describeRiskReason(reason, 'EN'), describeRiskReason(reason, 'IT')])
        assert.doesNotMatch(text, /\{\w+\}/, text);
    }
    const [totalIt] = describeRiskReasons(all.reasons, 'IT');
    assert.equal(totalIt?.replace(/\s/g, ' '), 'Il totale della richiesta, 11.200,00 €, supera 10.000,00 €.');
    assert.equal(
      describeRiskReason(all.reasons[0]!, 'EN'),
      'The total of the request, €11,200.00, is above €10,000.00.',
    );
    assert.equal(
      describeRiskReason({ key: 'risk.crewMember' }, 'IT'),
      "Il viaggiatore parte come membro dell'equipaggio.",
    );
    assert.equal(describeRiskReason({ key: 'risk.retired' }, 'EN'), 'risk.retired');
    assert.deepEqual(describeRiskReasons(null, 'EN'), []);
  });

  it("writes a reason's amounts in the locale of each language, thousands always grouped", () => {
    const reason = { key: 'risk.totalAbove', params: { total: 11200, threshold: 1000 } };
    const amounts = (language: Parameters<typeof riskReasonValues>[1]) => {
      const { total, threshold } = riskReasonValues(reason, language);
      return [total, threshold].map((value) => String(value).replace(/[\u00a0\u202f]/g, ' '));
    };
    assert.deepEqual(amounts('IT'), ['11.200,00 €', '1.000,00 €']);
    assert.deepEqual(amounts('EN'), ['€11,200.00', '€1,000.00']);
    assert.deepEqual(amounts('ES'), ['11.200,00 €', '1.000,00 €']);
    assert.deepEqual(amounts('FR'), ['11 200,00 €', '1 000,00 €']);
    assert.deepEqual(amounts('DE'), ['11.200,00 €', '1.000,00 €']);
    assert.deepEqual(amounts('PT-BR'), ['€ 11.200,00', '€ 1.000,00']);
    assert.deepEqual(amounts('JA'), ['€11,200.00', '€1,000.00']);
    // Values that are no amount stay as they are.
    assert.deepEqual(riskReasonValues({ key: 'risk.manyInvoices', params: { count: 8 } }, 'AR'), { count: 8 });
  });
});
