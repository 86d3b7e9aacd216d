import type { Insertable, Kysely } from 'kysely';
import type { ServerLanguage } from '@varco/contracts';
import type { Database } from '../../db/types';

/**
 * The demo data's writer (seed.ts): every query of the demo module. Each takes an executor, the database or the
 * transaction of the caller.
 */
export const demoQueries = {
  /** The id of the merchant of a VAT number. */
  async merchantIdByVatNumber(db: Kysely<Database>, vatNumber: string): Promise<number | undefined> {
    return (await db.selectFrom('merchant').select('id').where('vat_number', '=', vatNumber).executeTakeFirst())?.id;
  },

  /** The id of the traveler of an e-mail, exactly as written. */
  async travelerIdByEmail(db: Kysely<Database>, email: string): Promise<number | undefined> {
    return (await db.selectFrom('traveler').select('id').where('email', '=', email).executeTakeFirst())?.id;
  },

  /** Whether a visa request's code matches a LIKE pattern. */
  async visaRequestExists(db: Kysely<Database>, codePattern: string): Promise<boolean> {
    return (
      (await db
        .selectFrom('visa_request')
        .select('id')
        .where('request_code', 'like', codePattern)
        .executeTakeFirst()) !== undefined
    );
  },

  /** An invoice by its number's prefix (before `/year`) and the document it was issued to. */
  findInvoice(
    db: Kysely<Database>,
    numberPrefix: string,
    documentNumber: string,
  ): Promise<{ id: number; release_date: Date | null } | undefined> {
    return db
      .selectFrom('invoice')
      .select(['id', 'release_date'])
      .where('invoice_number', 'like', `${numberPrefix}/%`)
      .where('document_number', '=', documentNumber)
      .executeTakeFirst();
  },

  async insertInvoices(db: Kysely<Database>, invoices: readonly Insertable<Database['invoice']>[]): Promise<void> {
    await db
      .insertInto('invoice')
      .values([...invoices])
      .execute();
  },

  /** One invoice; its id. */
  async insertInvoice(db: Kysely<Database>, invoice: Insertable<Database['invoice']>): Promise<number> {
    return (await db.insertInto('invoice').values(invoice).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** One visa request; its id. */
  async insertVisaRequest(db: Kysely<Database>, request: Insertable<Database['visa_request']>): Promise<number> {
    return (await db.insertInto('visa_request').values(request).returning('id').executeTakeFirstOrThrow()).id;
  },

  /** Puts an invoice into a visa request. */
  async insertRequestInvoice(db: Kysely<Database>, link: Insertable<Database['visa_request_invoice']>): Promise<void> {
    await db.insertInto('visa_request_invoice').values(link).execute();
  },

  /** Whether a claim's code matches a LIKE pattern. */
  async claimExists(db: Kysely<Database>, codePattern: string): Promise<boolean> {
    return (
      (await db.selectFrom('claim').select('id').where('code', 'like', codePattern).executeTakeFirst()) !== undefined
    );
  },

  async insertClaim(db: Kysely<Database>, claim: Insertable<Database['claim']>): Promise<void> {
    await db.insertInto('claim').values(claim).execute();
  },

  /** The contact of the merchant of a VAT number, unless one is set. */
  async setMerchantContactWhereUnset(
    db: Kysely<Database>,
    vatNumber: string,
    contact: { email: string; language: ServerLanguage },
  ): Promise<void> {
    await db
      .updateTable('merchant')
      .set({ contact_email: contact.email, contact_language: contact.language })
      .where('vat_number', '=', vatNumber)
      .where('contact_email', 'is', null)
      .execute();
  },
};
