import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { riskQueries } from './repository';
import type { RiskInput } from './score';

/**
 * What the risk rules need about a request (score.ts): its live invoices, its travel data and the traveler's history.
 * Takes the transaction of the caller (analyseRisk locks the request row first), reads only.
 *
 * History: `previousCustomsChecks` counts the traveler's other requests whose analysis gave yellow or red;
 * `previousDenials` counts the traveler's other requests with at least one invoice denied by customs (state 10; the
 * state 20 of an invoice whose exit deadline passed in an expired request is not a customs decision).
 */
export async function riskInputOf(trx: Kysely<Database>, requestId: number, now: Date): Promise<RiskInput> {
  const request = await riskQueries.request(trx, requestId);
  if (!request) throw new AppError(404, { key: 'notFound' });

  // One after the other: the queries share the caller's transaction (one connection).
  const invoices = await riskQueries.liveInvoices(trx, requestId);
  const previousCustomsChecks = await riskQueries.customsChecks(trx, request.traveler_id, requestId);
  const previousDenials = await riskQueries.denials(trx, request.traveler_id, requestId);

  const amounts = invoices.map((invoice) => ({
    totalAmount: Number(invoice.total_amount),
    emissionDate: invoice.emission_day,
  }));
  return {
    requestId,
    totalAmount: Math.round(amounts.reduce((sum, invoice) => sum + invoice.totalAmount, 0) * 100) / 100,
    invoices: amounts,
    crewMember: request.crew_member,
    transportType: request.transport_type,
    travelDate: request.travel_date,
    previousCustomsChecks,
    previousDenials,
    now,
  };
}
