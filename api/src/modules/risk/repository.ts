import { InvoiceState, TrafficLight } from '@varco/contracts';
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/types';

/**
 * The traveler's history as the risk rules count it, as scalar subqueries on a request (`travelerId` and `requestId`:
 * columns of the caller's query, or values), so that a caller reads it in the query that reads the request itself.
 */

/** How many of the traveler's other requests the analysis gave yellow or red. */
export function previousCustomsChecks(
  travelerId: Expression<number> | number,
  requestId: Expression<number> | number,
): RawBuilder<number> {
  return sql<number>`(select count(*)::int from visa_request p
    where p.traveler_id = ${travelerId} and p.id <> ${requestId}
      and p.risk_result in (${TrafficLight.YELLOW}, ${TrafficLight.RED}))`;
}

/**
 * How many of the traveler's other requests have at least one invoice denied by customs (state 10; the state 20 of an
 * invoice whose exit deadline passed in an expired request is not a customs decision).
 */
export function previousDenials(
  travelerId: Expression<number> | number,
  requestId: Expression<number> | number,
): RawBuilder<number> {
  return sql<number>`(select count(distinct p.id)::int from visa_request p
    join visa_request_invoice pi on pi.visa_request_id = p.id
    join invoice di on di.id = pi.invoice_id
    where p.traveler_id = ${travelerId} and p.id <> ${requestId} and di.state_code = ${InvoiceState.DENIED})`;
}

/** What the risk rules read about a request (history.ts), in one query; it takes the caller's transaction and only reads. */
export const riskQueries = {
  /** The travel data of a request, its live invoices (not released from it, by id) and its traveler's history. */
  facts(db: Kysely<Database>, requestId: number) {
    return db
      .selectFrom('visa_request as vr')
      .select([
        'vr.id',
        'vr.crew_member',
        'vr.transport_type',
        'vr.travel_date',
        sql<Array<{ total_amount: number; emission_day: string }>>`coalesce((
          select json_agg(json_build_object(
            'total_amount', i.total_amount::float8,
            'emission_day', to_char(i.emission_date, 'YYYY-MM-DD')) order by i.id)
          from visa_request_invoice vri join invoice i on i.id = vri.invoice_id
          where vri.visa_request_id = vr.id and vri.released_at is null), '[]')`.as('invoices'),
        previousCustomsChecks(sql.ref('vr.traveler_id'), sql.ref('vr.id')).as('previous_customs_checks'),
        previousDenials(sql.ref('vr.traveler_id'), sql.ref('vr.id')).as('previous_denials'),
      ])
      .where('vr.id', '=', requestId)
      .executeTakeFirst();
  },
};
