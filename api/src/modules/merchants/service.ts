import {
  INVOICE_AVAILABLE_STATES,
  MIN_INVOICE_AMOUNT_EUR,
  normaliseDocumentNumber,
  type ServerLanguage,
  exitDeadline,
  isIsoDay,
  romeToday,
} from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError, notFound, type Message } from '../../app-error';
import type { Database, MerchantKind } from '../../db/types';
import { requestCode } from '../../request-code';
import { invoiceStateOf } from '../invoices';
import { notify } from '../notifications';
import { authenticateApiKey, hashApiKey, newApiKey } from '../../api-keys';
import { createMerchantRepository, type MerchantInvoiceRow, type MerchantRecord } from './repository';
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

    if (!Number.isFinite(body.totalAmount) || body.totalAmount <= MIN_INVOICE_AMOUNT_EUR)
      fields.totalAmount = { key: 'field.amountAboveMinimum', params: { min: MIN_INVOICE_AMOUNT_EUR } };
    else if (!hasAtMostTwoDecimals(body.totalAmount)) fields.totalAmount = { key: 'field.decimals' };
    if (!Number.isFinite(body.vatAmount) || body.vatAmount < 0)
      fields.vatAmount = { key: 'field.minValue', params: { min: 0 } };
    else if (!hasAtMostTwoDecimals(body.vatAmount)) fields.vatAmount = { key: 'field.decimals' };
    else if (body.vatAmount >= body.totalAmount) fields.vatAmount = { key: 'field.vatBelowTotal' };

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
      const duplicate = () =>
        new AppError(
          409,
          { key: 'merchant.duplicateInvoice' },
          { invoiceNumber: { key: 'merchant.duplicateInvoice' } },
        );
      if (await repository.vendorNumberTaken(vendor.vatNumber, body.invoiceNumber, body.issueDate)) throw duplicate();

      const { document } = body.traveler;
      const holderDocument = {
        document_type: document.type.toUpperCase(),
        document_country: document.country.toUpperCase(),
        document_number: normaliseDocumentNumber(document.number),
      };
      for (;;) {
        const refundId = await db.transaction().execute(async (trx) => {
          const writer = createMerchantRepository(trx);
          const id = await writer.insertInvoice({
            request_code: newRequestCode(body.issueDate),
            merchant_id: merchant.id,
            vendor_vat_number: vendor.vatNumber,
            vendor_name: vendor.name,
            broker_name: merchant.kind === 'BROKER' ? merchant.name : null,
            invoice_number: body.invoiceNumber,
            emission_date: body.issueDate,
            total_amount: body.totalAmount,
            iva_amount: body.vatAmount,
            ...holderDocument,
            traveler_name: body.traveler.name,
          });
          // The invoice appears in the area of the active traveler who holds the document, if one has registered.
          const holder = id === undefined ? undefined : await writer.activeHolderOf(holderDocument);
          if (id !== undefined && holder) {
            await notify(trx, {
              travelerId: holder.id,
              kind: 'INVOICE_MATCHED',
              params: { invoiceNumber: body.invoiceNumber, vendor: vendor.name, amount: body.totalAmount },
              invoiceId: id,
            });
          }
          return id;
        });
        if (refundId !== undefined) return this.find(merchant, refundId, language);
        // The insert hit a unique index: the vendor's number (taken by a concurrent call), or, very rarely, the code.
        if (await repository.vendorNumberTaken(vendor.vatNumber, body.invoiceNumber, body.issueDate)) throw duplicate();
      }
    },

    async find(merchant: MerchantRecord, refundId: number, language: ServerLanguage): Promise<MerchantInvoice> {
      const row = await repository.findInvoice(merchant.id, refundId);
      if (!row) throw notFound({ key: 'invoice.notFound' });
      return toMerchantInvoice(row, language);
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
      if (!(await repository.cancel(merchant.id, refundId, body.creditNoteNumber, INVOICE_AVAILABLE_STATES)))
        throw new AppError(409, { key: 'merchant.notCancellable' });
      return this.find(merchant, refundId, language);
    },
  };
}
