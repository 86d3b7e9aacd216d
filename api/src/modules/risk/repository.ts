import { InvoiceState, TrafficLight } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/**
 * What the risk rules read about a request and its traveler's history (history.ts). Each query takes the caller's
 * transaction and only reads.
 */
export const riskQueries = {
  /** The travel data of a request and its traveler. */
  request(db: Kysely<Database>, requestId: number) {
    return db
      .selectFrom('visa_request')
      .select(['id', 'traveler_id', 'crew_member', 'transport_type', 'travel_date'])
      .where('id', '=', requestId)
      .executeTakeFirst();
  },

  /** The request's live invoices (not released from it): their totals and days of issue, by id. */
  liveInvoices(db: Kysely<Database>, requestId: number) {
    return db
      .selectFrom('visa_request_invoice as vri')
      .innerJoin('invoice', 'invoice.id', 'vri.invoice_id')
      .select([
        sql<number>`invoice.total_amount::float8`.as('total_amount'),
        sql<string>`to_char(invoice.emission_date, 'YYYY-MM-DD')`.as('emission_day'),
      ])
      .where('vri.visa_request_id', '=', requestId)
      .where('vri.released_at', 'is', null)
      .orderBy('invoice.id')
      .execute();
  },

  /** How many of the traveler's other requests the analysis gave yellow or red. */
  async customsChecks(db: Kysely<Database>, travelerId: number, exceptRequestId: number): Promise<number> {
    const row = await db
      .selectFrom('visa_request')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('traveler_id', '=', travelerId)
      .where('id', '<>', exceptRequestId)
      .where('risk_result', 'in', [TrafficLight.YELLOW, TrafficLight.RED])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** How many of the traveler's other requests have at least one invoice denied by customs (state 10). */
  async denials(db: Kysely<Database>, travelerId: number, exceptRequestId: number): Promise<number> {
    const row = await db
      .selectFrom('visa_request as vr')
      .innerJoin('visa_request_invoice as vri', 'vri.visa_request_id', 'vr.id')
      .innerJoin('invoice', 'invoice.id', 'vri.invoice_id')
      .select(sql<number>`count(distinct vr.id)::int`.as('count'))
      .where('vr.traveler_id', '=', travelerId)
      .where('vr.id', '<>', exceptRequestId)
      .where('invoice.state_code', '=', InvoiceState.DENIED)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
