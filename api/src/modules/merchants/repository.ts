import { sql, type Kysely, type Transaction } from 'kysely';
import { findLiveApiKeyHolder } from '../../db/api-key-holders';
import type { ServerLanguage } from '@varco/contracts';
import type { Database, MerchantKind } from '../../db/types';
import { referenceQueries } from '../typology';

export interface MerchantRecord {
  id: number;
  kind: MerchantKind;
  name: string;
  vat_number: string;
}

export interface NewInvoice {
  request_code: string;
  merchant_id: number;
  vendor_vat_number: string;
  vendor_name: string;
  broker_name: string | null;
  invoice_number: string;
  emission_date: string;
  total_amount: number;
  iva_amount: number;
  document_type: string;
  document_country: string;
  document_number: string;
  traveler_name: string;
}

/** An invoice as its merchant reads it back. */
export interface MerchantInvoiceRow {
  id: number;
  request_code: string;
  invoice_number: string;
  emission_day: string;
  vendor_vat_number: string;
  vendor_name: string;
  broker_name: string | null;
  total_amount: number;
  iva_amount: number;
  state_code: number;
  in_completion: boolean;
  release_date: Date | null;
  release_code: string | null;
  customs_office: string | null;
  credit_note_number: string | null;
  cancelled_at: Date | null;
}

/** A shop that issues through Varco, and the merchant whose key issues its invoices (migration 0021). */
export interface ShopRow {
  vat_number: string;
  name: string;
  merchant_id: number;
}

/** Where a merchant is told of a new claim, and in which language. */
export interface MerchantContact {
  email: string | null;
  language: ServerLanguage;
}

/** `text` as a LIKE pattern that finds it anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createMerchantRepository(db: Kysely<Database> | Transaction<Database>) {
  const invoiceOfMerchant = (merchantId: number, refundId: number) =>
    db
      .selectFrom('invoice')
      .select([
        'id',
        'request_code',
        'invoice_number',
        sql<string>`to_char(emission_date, 'YYYY-MM-DD')`.as('emission_day'),
        'vendor_vat_number',
        'vendor_name',
        'broker_name',
        sql<number>`total_amount::float8`.as('total_amount'),
        sql<number>`iva_amount::float8`.as('iva_amount'),
        'state_code',
        'in_completion',
        'release_date',
        'release_code',
        'customs_office',
        'credit_note_number',
        'cancelled_at',
      ])
      .where('id', '=', refundId)
      .where('merchant_id', '=', merchantId);

  return {
    insertMerchant(merchant: {
      kind: MerchantKind;
      name: string;
      vat_number: string;
      api_key_hash: string;
    }): Promise<MerchantRecord> {
      return db
        .insertInto('merchant')
        .values(merchant)
        .returning(['id', 'kind', 'name', 'vat_number'])
        .executeTakeFirstOrThrow();
    },

    /** The merchant of a live (not revoked) API key. */
    findByKeyHash(keyHash: string): Promise<MerchantRecord | undefined> {
      return findLiveApiKeyHolder(db, 'merchant', ['id', 'kind', 'name', 'vat_number'], keyHash);
    },

    /** True when the vendor already has an invoice with this number in this year (cancelled ones included). */
    async vendorNumberTaken(vendorVatNumber: string, invoiceNumber: string, issueDay: string): Promise<boolean> {
      const row = await db
        .selectFrom('invoice')
        .select('id')
        .where('vendor_vat_number', '=', vendorVatNumber)
        .where(sql<string>`upper(invoice_number)`, '=', invoiceNumber.toUpperCase())
        .where(sql<number>`extract(year from emission_date)`, '=', sql<number>`extract(year from ${issueDay}::date)`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Inserts an invoice; undefined when the vendor's number was taken meanwhile (unique index). */
    async insertInvoice(invoice: NewInvoice): Promise<number | undefined> {
      const row = await db
        .insertInto('invoice')
        .values(invoice)
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    findInvoice(merchantId: number, refundId: number): Promise<MerchantInvoiceRow | undefined> {
      return invoiceOfMerchant(merchantId, refundId).executeTakeFirst();
    },

    /** Cancels an invoice still in one of `states`; false when it is not (any more). */
    async cancel(
      merchantId: number,
      refundId: number,
      creditNoteNumber: string,
      states: readonly number[],
    ): Promise<boolean> {
      const result = await db
        .updateTable('invoice')
        .set({ credit_note_number: creditNoteNumber, cancelled_at: new Date(), updated_at: new Date() })
        .where('id', '=', refundId)
        .where('merchant_id', '=', merchantId)
        .where('cancelled_at', 'is', null)
        .where('state_code', 'in', states)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The active traveler whose account holds this identity document (type, country, number as kept), if one has registered. */
    activeHolderOf(document: {
      document_type: string;
      document_country: string;
      document_number: string;
    }): Promise<{ id: number } | undefined> {
      return db
        .selectFrom('traveler as t')
        .select('t.id')
        .where(
          sql<boolean>`(t.tipo_documento, t.paese_documento, upper(t.numero_documento)) = (${document.document_type}, ${document.document_country}, ${document.document_number})`,
        )
        .where('t.status', '=', 'ACTIVE')
        .executeTakeFirst();
    },

    /**
     * The shops whose name holds `text` (any case), or whose VAT number does (spaces and case aside), by name: at most
     * `limit`, of merchants whose key is live.
     */
    findShops(text: string, limit: number): Promise<ShopRow[]> {
      const name = containing(text.toLowerCase());
      const vat = containing(text.replace(/\s+/g, '').toUpperCase());
      return db
        .selectFrom('shop as s')
        .innerJoin('merchant as m', 'm.id', 's.merchant_id')
        .select(['s.vat_number', 's.name', 's.merchant_id'])
        .where('m.revoked_at', 'is', null)
        .where((where) =>
          where.or([
            where(sql<string>`lower(s.name)`, 'like', name),
            where(sql<string>`upper(replace(s.vat_number, ' ', ''))`, 'like', vat),
          ]),
        )
        .orderBy(sql`lower(s.name)`)
        .orderBy('s.vat_number')
        .limit(limit)
        .execute();
    },
    /** The shop of a VAT number (as the search answered it), of a merchant whose key is live. */
    shopByVatNumber(vatNumber: string): Promise<ShopRow | undefined> {
      return db
        .selectFrom('shop as s')
        .innerJoin('merchant as m', 'm.id', 's.merchant_id')
        .select(['s.vat_number', 's.name', 's.merchant_id'])
        .where('m.revoked_at', 'is', null)
        .where('s.vat_number', '=', vatNumber)
        .executeTakeFirst();
    },
    /** Where the merchant is told of claims, and its name. */
    async contactOf(merchantId: number): Promise<MerchantContact & { name: string }> {
      const row = await db
        .selectFrom('merchant')
        .select(['name', 'contact_email', 'contact_language'])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return { email: row.contact_email, language: row.contact_language, name: row.name };
    },
    async setContact(merchantId: number, contact: MerchantContact): Promise<void> {
      await db
        .updateTable('merchant')
        .set({ contact_email: contact.email, contact_language: contact.language })
        .where('id', '=', merchantId)
        .execute();
    },
    /** Whether these codes exist (document type and country of an invoice). */
    async documentCodesKnown(type: string, country: string): Promise<{ type: boolean; country: boolean }> {
      const [typeKnown, documentCountry] = await Promise.all([
        referenceQueries.documentTypeExists(db, type),
        referenceQueries.country(db, country),
      ]);
      return { type: typeKnown, country: documentCountry !== undefined };
    },
  };
}
