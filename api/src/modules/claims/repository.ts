import type { ClaimDeclineReason, ClaimKind, ClaimProblem, ClaimState } from '@varco/contracts/claims';
import { sql, type Kysely } from 'kysely';
import { newestFirstPage, pageWithTotal, totalOverAll, type PageWindow } from '../../db/paging';
import type { Database } from '../../db/types';
import { heldBy } from '../invoices';

/** A claim as both sides read it; each side shows only its own part (service.ts). */
export interface ClaimRow {
  id: number;
  code: string;
  traveler_id: number;
  merchant_id: number;
  kind: ClaimKind;
  vendor_vat_number: string;
  vendor_name: string;
  invoice_number: string;
  issue_day: string;
  total_amount: number;
  problem: ClaimProblem | null;
  note: string | null;
  invoice_id: number | null;
  traveler_name: string;
  document_type: string;
  document_country: string;
  document_number: string;
  state: ClaimState;
  decline_reason: ClaimDeclineReason | null;
  answer_note: string | null;
  reissued_invoice_id: number | null;
  created_at: Date;
  closed_at: Date | null;
}

/** What the traveler's list adds: the invoice issued anew, while it is theirs and not cancelled. */
export interface TravelerClaimRow extends ClaimRow {
  reissued_number: string | null;
}

export type NewClaim = Omit<
  ClaimRow,
  'id' | 'issue_day' | 'state' | 'decline_reason' | 'answer_note' | 'reissued_invoice_id' | 'created_at' | 'closed_at'
> & { issue_date: string };

/** What an answer (or a withdrawal) writes on an open claim. */
export interface ClaimClosing {
  state: Exclude<ClaimState, 'OPEN'>;
  decline_reason?: ClaimDeclineReason;
  answer_note?: string | null;
  reissued_invoice_id?: number;
}

/** The traveler's own invoice a claim may be about (one they hold: the match of the invoices module). */
export interface HeldInvoiceRow {
  id: number;
  merchant_id: number;
  vendor_vat_number: string;
  vendor_name: string;
  invoice_number: string;
  issue_day: string;
  total_amount: number;
  state_code: number;
}

const columns = [
  'c.id',
  'c.code',
  'c.traveler_id',
  'c.merchant_id',
  'c.kind',
  'c.vendor_vat_number',
  'c.vendor_name',
  'c.invoice_number',
  sql<string>`to_char(c.issue_date, 'YYYY-MM-DD')`.as('issue_day'),
  sql<number>`c.total_amount::float8`.as('total_amount'),
  'c.problem',
  'c.note',
  'c.invoice_id',
  'c.traveler_name',
  'c.document_type',
  'c.document_country',
  'c.document_number',
  'c.state',
  'c.decline_reason',
  'c.answer_note',
  'c.reissued_invoice_id',
  'c.created_at',
  'c.closed_at',
] as const;

/** An invoice of the shop with this number issued in the year of `day` (its unique key), not cancelled. */
const invoiceOfShop = (db: Kysely<Database>, vendorVatNumber: string, invoiceNumber: string, day: string) =>
  db
    .selectFrom('invoice as i')
    .where('i.vendor_vat_number', '=', vendorVatNumber)
    .where(sql<string>`upper(i.invoice_number)`, '=', invoiceNumber.trim().toUpperCase())
    .where(sql<number>`extract(year from i.emission_date)`, '=', sql<number>`extract(year from ${day}::date)`)
    .where('i.cancelled_at', 'is', null);

const heldInvoiceColumns = [
  'i.id',
  'i.merchant_id',
  'i.vendor_vat_number',
  'i.vendor_name',
  'i.invoice_number',
  sql<string>`to_char(i.emission_date, 'YYYY-MM-DD')`.as('issue_day'),
  sql<number>`i.total_amount::float8`.as('total_amount'),
  'i.state_code',
] as const;

export function createClaimRepository(db: Kysely<Database>) {
  /** The claims of one traveler: every traveler's query starts here, so none reaches another's. */
  const ofTraveler = (travelerId: number) => db.selectFrom('claim as c').where('c.traveler_id', '=', travelerId);
  /** The claims addressed to one merchant: every merchant's query starts here. */
  const ofMerchant = (merchantId: number) => db.selectFrom('claim as c').where('c.merchant_id', '=', merchantId);
  /** The traveler's claims with the invoice issued anew, while they hold it (it is written to their document) and it stands. */
  const withReissued = (travelerId: number) =>
    ofTraveler(travelerId).leftJoin('invoice as i', (join) =>
      join.onRef('i.id', '=', 'c.reissued_invoice_id').on('i.cancelled_at', 'is', null).on(heldBy(travelerId)),
    );

  return {
    /**
     * The name and travel document of the traveler's account, as an invoice is written to them; undefined while the
     * account holds no document (a digital identity registration not completed, which has no full session).
     */
    async identityOf(
      travelerId: number,
    ): Promise<{ name: string; document_type: string; document_country: string; document_number: string } | undefined> {
      const row = await db
        .selectFrom('traveler')
        .select([
          sql<string>`trim(nome || ' ' || cognome)`.as('name'),
          'tipo_documento as document_type',
          'paese_documento as document_country',
          sql<string>`upper(numero_documento)`.as('document_number'),
        ])
        .where('id', '=', travelerId)
        .executeTakeFirstOrThrow();
      const { name, document_type, document_country, document_number } = row;
      return document_type && document_country && document_number
        ? { name, document_type, document_country, document_number }
        : undefined;
    },

    /** One of the traveler's invoices (held, not cancelled), with what a claim about it keeps. */
    heldInvoice(travelerId: number, refundId: number): Promise<HeldInvoiceRow | undefined> {
      return db
        .selectFrom('invoice as i')
        .where(heldBy(travelerId))
        .where('i.cancelled_at', 'is', null)
        .where('i.id', '=', refundId)
        .select(heldInvoiceColumns)
        .executeTakeFirst();
    },

    /** The traveler's own invoice of the shop with this number, that year: a "missing" invoice they already have. */
    heldInvoiceOfShop(
      travelerId: number,
      vendorVatNumber: string,
      invoiceNumber: string,
      day: string,
    ): Promise<HeldInvoiceRow | undefined> {
      return invoiceOfShop(db, vendorVatNumber, invoiceNumber, day)
        .where(heldBy(travelerId))
        .select(heldInvoiceColumns)
        .executeTakeFirst();
    },

    /** The merchant's invoice that a receipt names, whoever holds it: only the merchant is ever told of it. */
    async merchantInvoiceOfShop(
      merchantId: number,
      vendorVatNumber: string,
      invoiceNumber: string,
      day: string,
    ): Promise<number | undefined> {
      const row = await invoiceOfShop(db, vendorVatNumber, invoiceNumber, day)
        .where('i.merchant_id', '=', merchantId)
        .select('i.id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The traveler's open claim about the shop's invoice of this number, if any. */
    async openClaimAbout(travelerId: number, vendorVatNumber: string, invoiceNumber: string): Promise<boolean> {
      const row = await ofTraveler(travelerId)
        .select('c.id')
        .where('c.state', '=', 'OPEN')
        .where('c.vendor_vat_number', '=', vendorVatNumber)
        .where(sql<string>`upper(c.invoice_number)`, '=', invoiceNumber.trim().toUpperCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Writes a claim; its id, or undefined when the traveler has an open one about the same invoice (the partial unique
     * index, for two sent at once) or, very rarely, when the code is taken.
     */
    async insert(claim: NewClaim): Promise<number | undefined> {
      const row = await db
        .insertInto('claim')
        .values(claim)
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** A page of the traveler's claims, newest first, about one invoice or in one state when asked. */
    travelerPage(
      travelerId: number,
      filter: { invoiceId?: number | undefined; state?: ClaimState | undefined },
      window: PageWindow,
    ): Promise<{ rows: TravelerClaimRow[]; total: number }> {
      let from = withReissued(travelerId);
      if (filter.invoiceId !== undefined)
        from = from.where('c.invoice_id', '=', filter.invoiceId).where('c.kind', '=', 'WRONG');
      if (filter.state !== undefined) from = from.where('c.state', '=', filter.state);
      return newestFirstPage(
        from,
        (query) => query.select(columns).select('i.invoice_number as reissued_number'),
        { newest: 'c.created_at', tieBreak: 'c.id' },
        window,
      );
    },

    /** One of the traveler's claims, locked until the caller's transaction ends. */
    travelerClaimForUpdate(travelerId: number, id: number): Promise<ClaimRow | undefined> {
      return ofTraveler(travelerId).select(columns).where('c.id', '=', id).forUpdate().executeTakeFirst();
    },

    /** One of the traveler's claims with what their list shows. */
    travelerClaim(travelerId: number, id: number): Promise<TravelerClaimRow | undefined> {
      return withReissued(travelerId)
        .select(columns)
        .select('i.invoice_number as reissued_number')
        .where('c.id', '=', id)
        .executeTakeFirst();
    },

    /** A page of the merchant's claims in `state`, oldest first (its queue), and how many there are. */
    async merchantPage(
      merchantId: number,
      state: ClaimState,
      { limit, offset }: PageWindow,
    ): Promise<{ rows: ClaimRow[]; total: number }> {
      const from = ofMerchant(merchantId).where('c.state', '=', state);
      const page = from
        .select(columns)
        .select(totalOverAll)
        .orderBy('c.created_at')
        .orderBy('c.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return pageWithTotal(page, offset, () =>
        from.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      );
    },

    /** One of the merchant's claims by its code; locked until the caller's transaction ends when `forUpdate`. */
    merchantClaim(merchantId: number, code: string, forUpdate = false): Promise<ClaimRow | undefined> {
      const query = ofMerchant(merchantId).select(columns).where('c.code', '=', code.trim().toUpperCase());
      return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Closes an open claim (locked by the caller) at `now`. */
    async close(id: number, closing: ClaimClosing, now: Date): Promise<void> {
      await db
        .updateTable('claim')
        .set({ ...closing, closed_at: now })
        .where('id', '=', id)
        .where('state', '=', 'OPEN')
        .execute();
    },
  };
}
