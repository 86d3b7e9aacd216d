import {
  INVOICE_AVAILABLE_STATES,
  MIN_INVOICE_AMOUNT_EUR,
  normaliseDocumentNumber,
  type ServerLanguage,
  exitDeadline,
  isIsoDay,
  romeToday,
} from '@varco/contracts';
import type { Kysely, Transaction } from 'kysely';
import { AppError, notFound, type Message } from '../../app-error';
import type { Database, MerchantKind } from '../../db/types';
import { requestCode } from '../../request-code';
import { invoiceStateOf } from '../invoices';
import { notify } from '../notifications';
import { authenticateApiKey, hashApiKey, newApiKey } from '../../api-keys';
import {
  createMerchantRepository,
  type MerchantContact,
  type MerchantInvoiceRow,
  type MerchantRecord,
} from './repository';
import type { CreditNoteBody, IssueInvoiceBody, MerchantInvoice } from './schemas';

/** A request code such as TF-2026-K7M2Q9XD: the year of issue and 8 random characters with no look-alikes (0/O, 1/I). */
function newRequestCode(issueDay: string): string {
  return requestCode('TF', issueDay.slice(0, 4));
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

function toMerchantInvoice(row: MerchantInvoiceRow, language: ServerLanguage): MerchantInvoice {
  return {
    refundId: row.id,
    requestCode: row.request_code,
    invoiceNumber: row.invoice_number,
    issueDate: row.emission_day,
    vendorVatNumber: row.vendor_vat_number,
    vendorName: row.vendor_name,
    brokerName: row.broker_name,
    totalAmount: row.total_amount,
    vatAmount: row.iva_amount,
    exitDeadline: exitDeadline(row.emission_day),
    ...invoiceStateOf(row, language),
    cancelled:
      row.cancelled_at && row.credit_note_number
        ? { creditNoteNumber: row.credit_note_number, at: row.cancelled_at.toISOString() }
        : null,
  };
}

/** The amount rules of an invoice (total above 70 EUR, VAT from 0 to below it, both in cents): the fields they refuse. */
export function invoiceAmountProblems(totalAmount: number, vatAmount: number): Record<string, Message> {
  const fields: Record<string, Message> = {};
  if (!Number.isFinite(totalAmount) || totalAmount <= MIN_INVOICE_AMOUNT_EUR)
    fields.totalAmount = { key: 'field.amountAboveMinimum', params: { min: MIN_INVOICE_AMOUNT_EUR } };
  else if (!hasAtMostTwoDecimals(totalAmount)) fields.totalAmount = { key: 'field.decimals' };
  if (!Number.isFinite(vatAmount) || vatAmount < 0) fields.vatAmount = { key: 'field.minValue', params: { min: 0 } };
  else if (!hasAtMostTwoDecimals(vatAmount)) fields.vatAmount = { key: 'field.decimals' };
  else if (vatAmount >= totalAmount) fields.vatAmount = { key: 'field.vatBelowTotal' };
  return fields;
}

/** A vendor issues each number once a year: the refusal of a second one. */
export const duplicateInvoice = () =>
  new AppError(409, { key: 'merchant.duplicateInvoice' }, { invoiceNumber: { key: 'merchant.duplicateInvoice' } });

/** A travel document as an invoice keeps it: codes in capitals, the number without spaces (docs/domain.md). */
const holderDocumentOf = (document: { type: string; country: string; number: string }) => ({
  document_type: document.type.toUpperCase(),
  document_country: document.country.toUpperCase(),
  document_number: normaliseDocumentNumber(document.number),
});

/** What an invoice is written with: the intake's body with its vendor known (the merchant's own, or the one it names). */
export type InvoiceToWrite = Omit<IssueInvoiceBody, 'vendor'> & { vendor: { vatNumber: string; name: string } };

/**
 * Writes an invoice of `merchant` in the caller's transaction, its rules already checked; its refund id, or undefined
 * when the vendor has issued that number this year (the unique index). Nobody is notified: the caller says what to tell.
 */
export async function writeInvoice(
  trx: Transaction<Database>,
  merchant: MerchantRecord,
  invoice: InvoiceToWrite,
): Promise<number | undefined> {
  const writer = createMerchantRepository(trx);
  for (;;) {
    const id = await writer.insertInvoice({
      request_code: newRequestCode(invoice.issueDate),
      merchant_id: merchant.id,
      vendor_vat_number: invoice.vendor.vatNumber,
      vendor_name: invoice.vendor.name,
      broker_name: merchant.kind === 'BROKER' ? merchant.name : null,
      invoice_number: invoice.invoiceNumber,
      emission_date: invoice.issueDate,
      total_amount: invoice.totalAmount,
      iva_amount: invoice.vatAmount,
      ...holderDocumentOf(invoice.traveler.document),
      traveler_name: invoice.traveler.name,
    });
    if (id !== undefined) return id;
    // A unique index refused it: the vendor's number, or, very rarely, the request code (then with another code).
    if (await writer.vendorNumberTaken(invoice.vendor.vatNumber, invoice.invoiceNumber, invoice.issueDate))
      return undefined;
  }
}

/** Cancels an invoice of the merchant with a credit note, in the caller's transaction; false when it is not available. */
export function writeCreditNote(
  trx: Kysely<Database>,
  merchantId: number,
  refundId: number,
  creditNoteNumber: string,
): Promise<boolean> {
  return createMerchantRepository(trx).cancel(merchantId, refundId, creditNoteNumber, INVOICE_AVAILABLE_STATES);
}

/** One of the merchant's invoices as it reads it (its state, release, credit note); undefined when not its own. */
export async function merchantInvoiceOf(
  db: Kysely<Database>,
  merchantId: number,
  refundId: number,
  language: ServerLanguage,
): Promise<MerchantInvoice | undefined> {
  const row = await createMerchantRepository(db).findInvoice(merchantId, refundId);
  return row && toMerchantInvoice(row, language);
}

/** A shop that issues through Varco, as the traveler finds it. */
export interface Shop {
  vatNumber: string;
  name: string;
  /** The merchant whose key issues its invoices: the one a claim about them goes to. */
  merchantId: number;
}

const toShop = (row: { vat_number: string; name: string; merchant_id: number }): Shop => ({
  vatNumber: row.vat_number,
  name: row.name,
  merchantId: row.merchant_id,
});

/** The shops whose name or VAT number holds `text`, at most `limit`, by name. */
export async function findShops(db: Kysely<Database>, text: string, limit: number): Promise<Shop[]> {
  return (await createMerchantRepository(db).findShops(text, limit)).map(toShop);
}

/** The shop of a VAT number, as the shop search gave it; undefined for any other. */
export async function shopOf(db: Kysely<Database>, vatNumber: string): Promise<Shop | undefined> {
  const row = await createMerchantRepository(db).shopByVatNumber(vatNumber);
  return row && toShop(row);
}

/** Where a merchant is told of a new claim, and the name its mails greet. */
export const merchantContactOf = (
  db: Kysely<Database>,
  merchantId: number,
): Promise<MerchantContact & { name: string }> => createMerchantRepository(db).contactOf(merchantId);

/**
 * Merchant intake (docs/architecture.md): vendors and brokers issue tax-free invoices and cancel them with
 * credit notes, each with its own API key.
 */
export function createMerchantService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const repository = createMerchantRepository(db);

  /** The business rules of an invoice, one message per field; throws 400 with all of them. */
  async function checkInvoice(body: IssueInvoiceBody, merchant: MerchantRecord): Promise<void> {
    const fields: Record<string, Message> = {};
    if (merchant.kind === 'BROKER' && !body.vendor) fields.vendor = { key: 'merchant.vendorRequired' };
    if (merchant.kind === 'VENDOR' && body.vendor && body.vendor.vatNumber !== merchant.vat_number)
      fields['vendor.vatNumber'] = { key: 'field.readOnly' };

    Object.assign(fields, invoiceAmountProblems(body.totalAmount, body.vatAmount));

    if (!isIsoDay(body.issueDate)) fields.issueDate = { key: 'field.dateInvalid' };
    else {
      const today = romeToday(clock());
      if (body.issueDate > today) fields.issueDate = { key: 'field.dateNotFuture' };
      else if (exitDeadline(body.issueDate) < today)
        fields.issueDate = { key: 'field.exitDeadlinePassed', params: { deadline: exitDeadline(body.issueDate) } };
    }

    const { document } = body.traveler;
    const known = await repository.documentCodesKnown(document.type.toUpperCase(), document.country.toUpperCase());
    if (!known.type) fields['traveler.document.type'] = { key: 'field.unknownDocumentType' };
    if (!known.country) fields['traveler.document.country'] = { key: 'field.unknownCountry' };

    if (Object.keys(fields).length > 0) throw new AppError(400, { key: 'validationFailed' }, fields);
  }

  return {
    repository,

    /** Creates a merchant and returns its API key, which is shown this once and never stored in clear. */
    async createMerchant(
      merchant: { kind: MerchantKind; name: string; vatNumber: string },
      apiKey: string = newApiKey('vk'),
    ) {
      const record = await repository.insertMerchant({
        kind: merchant.kind,
        name: merchant.name,
        vat_number: merchant.vatNumber,
        api_key_hash: hashApiKey(apiKey),
      });
      return { merchant: record, apiKey };
    },

    /** The merchant of an API key; 401 without one. */
    authenticate: (apiKey: string | undefined): Promise<MerchantRecord> =>
      authenticateApiKey(apiKey, repository.findByKeyHash, 'merchant.badKey'),

    async issue(merchant: MerchantRecord, body: IssueInvoiceBody, language: ServerLanguage): Promise<MerchantInvoice> {
      await checkInvoice(body, merchant);
      const vendor =
        merchant.kind === 'VENDOR' ? { vatNumber: merchant.vat_number, name: merchant.name } : body.vendor!;
      if (await repository.vendorNumberTaken(vendor.vatNumber, body.invoiceNumber, body.issueDate))
        throw duplicateInvoice();
      const refundId = await db.transaction().execute(async (trx) => {
        const id = await writeInvoice(trx, merchant, { ...body, vendor });
        // The vendor's number, taken by a concurrent call.
        if (id === undefined) throw duplicateInvoice();
        // The invoice appears in the area of the active traveler who holds the document, if one has registered.
        const holder = await createMerchantRepository(trx).activeHolderOf(holderDocumentOf(body.traveler.document));
        if (holder) {
          await notify(trx, {
            travelerId: holder.id,
            kind: 'INVOICE_MATCHED',
            params: { invoiceNumber: body.invoiceNumber, vendor: vendor.name, amount: body.totalAmount },
            invoiceId: id,
          });
        }
        return id;
      });
      return this.find(merchant, refundId, language);
    },

    /** Where the merchant is told of a new claim (docs/domain.md, "Claims"). */
    async contact(merchant: MerchantRecord): Promise<MerchantContact> {
      const { email, language } = await repository.contactOf(merchant.id);
      return { email, language };
    },

    async setContact(merchant: MerchantRecord, contact: MerchantContact): Promise<MerchantContact> {
      await repository.setContact(merchant.id, { email: contact.email?.trim() || null, language: contact.language });
      return this.contact(merchant);
    },

    async find(merchant: MerchantRecord, refundId: number, language: ServerLanguage): Promise<MerchantInvoice> {
      const invoice = await merchantInvoiceOf(db, merchant.id, refundId, language);
      if (!invoice) throw notFound({ key: 'invoice.notFound' });
      return invoice;
    },

    /** A credit note cancels an invoice that is still available; one already in a visa request cannot be. */
    async creditNote(
      merchant: MerchantRecord,
      refundId: number,
      body: CreditNoteBody,
      language: ServerLanguage,
    ): Promise<MerchantInvoice> {
      const invoice = await this.find(merchant, refundId, language);
      if (invoice.cancelled) throw new AppError(409, { key: 'merchant.alreadyCancelled' });
      if (!isIsoDay(body.issueDate))
        throw new AppError(400, { key: 'validationFailed' }, { issueDate: { key: 'field.dateInvalid' } });
      if (body.issueDate > romeToday(clock()))
        throw new AppError(400, { key: 'validationFailed' }, { issueDate: { key: 'field.dateNotFuture' } });
      if (body.issueDate < invoice.issueDate)
        throw new AppError(400, { key: 'validationFailed' }, { issueDate: { key: 'field.dateBeforeInvoice' } });
      if (!(await writeCreditNote(db, merchant.id, refundId, body.creditNoteNumber)))
        throw new AppError(409, { key: 'merchant.notCancellable' });
      return this.find(merchant, refundId, language);
    },
  };
}
