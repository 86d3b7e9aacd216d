import { InvoiceState, TrafficLight } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
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
  const request = await trx
    .selectFrom('visa_request')
    .select(['id', 'traveler_id', 'crew_member', 'transport_type', 'travel_date'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  if (!request) throw new AppError(404, { key: 'notFound' });

  // One after the other: the queries share the caller's transaction (one connection).
  const invoices = await trx
      .selectFrom('visa_request_invoice as vri')
      .innerJoin('invoice', 'invoice.id', 'vri.invoice_id')
      .select([sql<number>`invoice.total_amount::float8`.as('total_amount'), sql<string>`to_char(invoice.emission_date, 'YYYY-MM-DD')`.as('emission_day')])
      .where('vri.visa_request_id', '=', requestId)
      .where('vri.released_at', 'is', null)
      .orderBy('invoice.id')
      .execute();
  const checks = await trx
      .selectFrom('visa_request')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('traveler_id', '=', request.traveler_id)
      .where('id', '<>', requestId)
      .where('risk_result', 'in', [TrafficLight.YELLOW, TrafficLight.RED])
      .executeTakeFirstOrThrow();
  const denials = await trx
      .selectFrom('visa_request as vr')
      .innerJoin('visa_request_invoice as vri', 'vri.visa_request_id', 'vr.id')
      .innerJoin('invoice', 'invoice.id', 'vri.invoice_id')
      .select(sql<number>`count(distinct vr.id)::int`.as('count'))
      .where('vr.traveler_id', '=', request.traveler_id)
      .where('vr.id', '<>', requestId)
      .where('invoice.state_code', '=', InvoiceState.DENIED)
      .executeTakeFirstOrThrow();

  const amounts = invoices.map((invoice) => ({ totalAmount: Number(invoice.total_amount), emissionDate: invoice.emission_day }));
  return {
    requestId,
    totalAmount: Math.round(amounts.reduce((sum, invoice) => sum + invoice.totalAmount, 0) * 100) / 100,
    invoices: amounts,
    crewMember: request.crew_member,
    transportType: request.transport_type,
    travelDate: request.travel_date,
    previousCustomsChecks: Number(checks.count),
    previousDenials: Number(denials.count),
    now,
  };
}
