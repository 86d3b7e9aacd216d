import { HOME_INVOICES_LIMIT, INVOICE_AVAILABLE_STATES, type ServerLanguage } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import { newestFirstPage } from '../../db/paging';
import type { Database } from '../../db/types';
import { labelColumn } from '../typology';

/** An invoice row as every traveler call reads it. */
export interface InvoiceRow {
  id: number;
  invoice_number: string;
  emission_day: string;
  vendor_name: string;
  broker_name: string | null;
  total_amount: number;
  iva_amount: number;
  request_code: string;
  customs_office: string | null;
  release_date: Date | null;
  release_code: string | null;
  state_code: number;
  in_completion: boolean;
}

/** What the release PDF adds about the holder of the invoice, in the language asked for. */
export interface InvoiceHolderRow extends InvoiceRow {
  nome: string;
  cognome: string;
  document_type_label: string;
  document_country_label: string;
  document_number: string;
}

export interface InvoicePage {
  rows: InvoiceRow[];
  total: number;
}

/**
 * The invoices of one traveler: those carrying the identity document of their account (migration 0008), not cancelled
 * by a credit note. Every query of this repository starts here, so no call can reach another traveler's invoice. The
 * document is read by a sub-select (one primary-key lookup), so the invoices come straight off `invoice_holder_idx`
 * in its order: no join, no sort.
 */
function ofTraveler(db: Kysely<Database>, travelerId: number) {
  return db.selectFrom('invoice as i').where(heldBy(travelerId)).where('i.cancelled_at', 'is', null);
}

/** The invoice `i` carries the identity document of the traveler's account (the match of migration 0008). */
export const heldBy = (travelerId: number) =>
  sql<boolean>`(i.document_type, i.document_country, i.document_number) = (select t.tipo_documento, t.paese_documento, upper(t.numero_documento) from traveler t where t.id = ${travelerId})`;

/** The columns of an invoice `i` as every traveler call reads it (InvoiceRow). */
export const invoiceColumns = [
  'i.id',
  'i.invoice_number',
  sql<string>`to_char(i.emission_date, 'YYYY-MM-DD')`.as('emission_day'),
  'i.vendor_name',
  'i.broker_name',
  sql<number>`i.total_amount::float8`.as('total_amount'),
  sql<number>`i.iva_amount::float8`.as('iva_amount'),
  'i.request_code',
  'i.customs_office',
  'i.release_date',
  'i.release_code',
  'i.state_code',
  'i.in_completion',
] as const;

/**
 * How many invoices the home lists for the traveler (user-info), and how many of those are available: their latest,
 * up to HOME_INVOICES_LIMIT. The count stops there, so it reads a few entries of `invoice_holder_idx` however many
 * invoices the traveler holds.
 */
export async function homeInvoiceCounts(
  db: Kysely<Database>,
  travelerId: number,
): Promise<{ shown: number; available: number }> {
  const shown = ofTraveler(db, travelerId)
    .select('i.state_code')
    .orderBy('i.emission_date', 'desc')
    .orderBy('i.id', 'desc')
    .limit(HOME_INVOICES_LIMIT)
    .as('shown');
  return db
    .selectFrom(shown)
    .select([
      sql<number>`count(*)::int`.as('shown'),
      sql<number>`(count(*) filter (where shown.state_code in (${sql.join([...INVOICE_AVAILABLE_STATES])})))::int`.as(
        'available',
      ),
    ])
    .executeTakeFirstOrThrow();
}

export function createInvoiceRepository(db: Kysely<Database>) {
  return {
    /** A page of the traveler's invoices, newest first, and how many there are in all. */
    async latest(travelerId: number, limit: number, offset: number): Promise<InvoicePage> {
      return newestFirstPage(
        ofTraveler(db, travelerId),
        (query) => query.select(invoiceColumns),
        { newest: 'i.emission_date', tieBreak: 'i.id' },
        { limit, offset },
      );
    },

    /** The traveler's invoices in `states` (all of them when null), newest first. */
    inStates(travelerId: number, states: readonly number[] | null): Promise<InvoiceRow[]> {
      let query = ofTraveler(db, travelerId).select(invoiceColumns);
      if (states) query = query.where('i.state_code', 'in', states);
      return query.orderBy('i.emission_date', 'desc').orderBy('i.id', 'desc').execute();
    },

    /** The traveler's invoices in `states` issued on or after `firstIssueDay`, newest first. */
    usable(travelerId: number, states: readonly number[], firstIssueDay: string): Promise<InvoiceRow[]> {
      return ofTraveler(db, travelerId)
        .select(invoiceColumns)
        .where('i.state_code', 'in', states)
        .where('i.emission_date', '>=', sql<Date>`${firstIssueDay}::date`)
        .orderBy('i.emission_date', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },

    /** One of the traveler's invoices; undefined when it is not theirs, cancelled or unknown. */
    detail(travelerId: number, refundId: number): Promise<InvoiceRow | undefined> {
      return ofTraveler(db, travelerId).select(invoiceColumns).where('i.id', '=', refundId).executeTakeFirst();
    },

    /** One of the traveler's invoices with what the release PDF tells of its holder, labels in `language`. */
    withHolder(travelerId: number, refundId: number, language: ServerLanguage): Promise<InvoiceHolderRow | undefined> {
      const label = labelColumn(language);
      return ofTraveler(db, travelerId)
        .innerJoin('traveler as t', (join) => join.on('t.id', '=', travelerId))
        .innerJoin('document_type as dt', 'dt.code', 'i.document_type')
        .innerJoin('country as c', 'c.code', 'i.document_country')
        .select(invoiceColumns)
        .select([
          't.nome',
          't.cognome',
          `dt.${label} as document_type_label`,
          `c.${label} as document_country_label`,
          'i.document_number',
        ])
        .where('i.id', '=', refundId)
        .executeTakeFirst();
    },
  };
}
