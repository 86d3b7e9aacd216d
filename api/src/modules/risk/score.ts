import { randomInt } from 'node:crypto';
import { TRANSPORT_PRIVATE_VEHICLE, TrafficLight, daysBetween, romeToday } from '@varco/contracts';
import type { RiskReason } from '../../db/types';

/**
 * The risk analysis of a visa request (docs/domain.md, "Visa requests"): explainable rules, each
 * adding points and a reason (a catalogue key with its values, see `risk.*` in i18n/messages.ts), so that the traveler
 * and the officer read why the light is what it is. Pure: the caller reads the request (`riskInputOf` in history.ts)
 * and passes the random source, so tests are deterministic.
 *
 * Light from the score:  green (1)  score < 30  → the visa is given when the QR passes the exit point;
 *                        yellow (5) 30 ≤ score < 60 → documentary check at the customs office;
 *                        red (10)   score ≥ 60  → physical inspection at the customs office.
 * A random sample (3 % of the requests) is at least yellow, whatever the score: customs checks some requests that no
 * rule singles out, so that the rules cannot be gamed by staying below them.
 */

export interface RiskInput {
  requestId: number;
  /** EUR, the sum of the invoices. */
  totalAmount: number;
  /** `emissionDate` is an ISO day (Europe/Rome). */
  invoices: Array<{ totalAmount: number; emissionDate: string }>;
  crewMember: boolean;
  /** Transport code (AE air, MP private vehicle, ...). */
  transportType: string;
  /** The departure. */
  travelDate: Date;
  /** The traveler's earlier requests sent to a customs check (yellow or red). */
  previousCustomsChecks: number;
  /** The traveler's earlier requests with at least one invoice denied by customs. */
  previousDenials: number;
  now: Date;
}

export type RiskLight = 1 | 5 | 10;

export interface RiskScore {
  light: RiskLight;
  score: number;
  /** Never empty: without any finding it holds `risk.noFindings`. */
  reasons: RiskReason[];
}

/** The score limits of the lights (documented above and in api/src/modules/exit-point/README.md). */
export const RISK_THRESHOLDS = { yellow: 30, red: 60 } as const;

/** The rules' limits and points; exported for the tests and the README. */
export const RISK_RULES = {
  /** Total of the request above `above` EUR: the highest step that applies counts, once. */
  totalSteps: [
    { above: 10_000, points: 40 },
    { above: 3_000, points: 20 },
    { above: 1_000, points: 10 },
  ],
  largeInvoice: { above: 5_000, points: 20 },
  manyInvoices: { atLeast: 8, points: 15 },
  /** Goods bought more than `days` days before the departure. */
  oldPurchase: { days: 60, points: 15 },
  crewMember: { points: 20 },
  privateVehicle: { points: 10 },
  /** Per earlier request, up to `max`. */
  previousChecks: { each: 10, max: 30 },
  previousDenials: { each: 25, max: 50 },
  /** Share of the requests drawn for a check whatever their score (at least yellow). */
  randomSampleRate: 0.03,
} as const;

/** A uniform number in [0, 1) from the CSPRNG: a traveler cannot predict the sample. */
export const secureRandom = () => randomInt(0, 1_000_000) / 1_000_000;

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Scores a request. `random` gives a number in [0, 1); it is drawn exactly once per call. `sampleRate` is the share of
 * the random sample (RISK_SAMPLE_RATE of the configuration; 0 turns it off, e.g. for the browser tests).
 */
export function scoreRisk(
  input: RiskInput,
  random: () => number = secureRandom,
  sampleRate: number = RISK_RULES.randomSampleRate,
): RiskScore {
  const reasons: RiskReason[] = [];
  let score = 0;
  const add = (points: number, reason: RiskReason) => {
    score += points;
    reasons.push(reason);
  };

  const totalStep = RISK_RULES.totalSteps.find((step) => input.totalAmount > step.above);
  if (totalStep)
    add(totalStep.points, {
      key: 'risk.totalAbove',
      params: { total: round2(input.totalAmount), threshold: totalStep.above },
    });

  const large = input.invoices.filter((invoice) => invoice.totalAmount > RISK_RULES.largeInvoice.above);
  if (large.length > 0) {
    add(RISK_RULES.largeInvoice.points, {
      key: 'risk.largeInvoice',
      params: {
        count: large.length,
        max: round2(Math.max(...large.map((invoice) => invoice.totalAmount))),
        threshold: RISK_RULES.largeInvoice.above,
      },
    });
  }

  if (input.invoices.length >= RISK_RULES.manyInvoices.atLeast) {
    add(RISK_RULES.manyInvoices.points, {
      key: 'risk.manyInvoices',
      params: { count: input.invoices.length, threshold: RISK_RULES.manyInvoices.atLeast },
    });
  }

  const ages = input.invoices.map((invoice) => daysBetween(invoice.emissionDate, romeToday(input.travelDate)));
  const old = ages.filter((days) => days > RISK_RULES.oldPurchase.days);
  if (old.length > 0) {
    add(RISK_RULES.oldPurchase.points, {
      key: 'risk.oldPurchase',
      params: { count: old.length, days: Math.max(...old), threshold: RISK_RULES.oldPurchase.days },
    });
  }

  if (input.crewMember) add(RISK_RULES.crewMember.points, { key: 'risk.crewMember' });
  if (input.transportType === TRANSPORT_PRIVATE_VEHICLE)
    add(RISK_RULES.privateVehicle.points, { key: 'risk.privateVehicle' });

  if (input.previousCustomsChecks > 0) {
    const { each, max } = RISK_RULES.previousChecks;
    add(Math.min(max, each * input.previousCustomsChecks), {
      key: 'risk.previousChecks',
      params: { count: input.previousCustomsChecks },
    });
  }
  if (input.previousDenials > 0) {
    const { each, max } = RISK_RULES.previousDenials;
    add(Math.min(max, each * input.previousDenials), {
      key: 'risk.previousDenials',
      params: { count: input.previousDenials },
    });
  }

  let light: RiskLight =
    score >= RISK_THRESHOLDS.red
      ? TrafficLight.RED
      : score >= RISK_THRESHOLDS.yellow
        ? TrafficLight.YELLOW
        : TrafficLight.GREEN;

  if (random() < sampleRate) {
    reasons.push({ key: 'risk.randomSample' });
    if (light === TrafficLight.GREEN) light = TrafficLight.YELLOW;
  }

  if (reasons.length === 0) reasons.push({ key: 'risk.noFindings' });
  return { light, score, reasons };
}
