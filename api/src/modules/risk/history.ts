import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { riskQueries } from './repository';
import type { RiskInput } from './score';

/** What the risk rules need about a request, as read by its caller's query (the exit point reads it with the request). */
export interface RiskFacts {
  requestId: number;
  crewMember: boolean;
  transportType: string;
  travelDate: Date;
  /** The live invoices: totals in EUR, days of issue as ISO days (Europe/Rome). */
  invoices: ReadonlyArray<{ total_amount: number | string; emission_day: string }>;
  previousCustomsChecks: number;
  previousDenials: number;
}

/** The input of scoreRisk from what was read of the request. */
export function riskInput(facts: RiskFacts, now: Date): RiskInput {
  const invoices = facts.invoices.map((invoice) => ({
    totalAmount: Number(invoice.total_amount),
    emissionDate: invoice.emission_day,
  }));
  return {
    requestId: facts.requestId,
    totalAmount: Math.round(invoices.reduce((sum, invoice) => sum + invoice.totalAmount, 0) * 100) / 100,
    invoices,
    crewMember: facts.crewMember,
    transportType: facts.transportType,
    travelDate: facts.travelDate,
    previousCustomsChecks: Number(facts.previousCustomsChecks),
    previousDenials: Number(facts.previousDenials),
    now,
  };
}

/**
 * What the risk rules need about a request (score.ts): its live invoices, its travel data and the traveler's history
 * (repository.ts: `previousCustomsChecks`, `previousDenials`), in one query. Takes the transaction of the caller
 * (analyseRisk locks the request row first), reads only.
 */
export async function riskInputOf(trx: Kysely<Database>, requestId: number, now: Date): Promise<RiskInput> {
  const facts = await riskQueries.facts(trx, requestId);
  if (!facts) throw new AppError(404, { key: 'notFound' });
  return riskInput(
    {
      requestId,
      crewMember: facts.crew_member,
      transportType: facts.transport_type,
      travelDate: facts.travel_date,
      invoices: facts.invoices,
      previousCustomsChecks: facts.previous_customs_checks,
      previousDenials: facts.previous_denials,
    },
    now,
  );
}
