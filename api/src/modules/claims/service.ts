import { exitDeadline, INVOICE_AVAILABLE_STATES, InvoiceState, romeToday, type ServerLanguage } from '@varco/contracts';
import {
  SHOP_QUERY_MIN_LENGTH,
  type Claim,
  type ClaimState,
  type MissingInvoiceClaimBody,
  type Shop,
  type WrongInvoiceClaimBody,
} from '@varco/contracts/claims';
import type { Kysely, Transaction } from 'kysely';
import { AppError, notFound, type Message } from '../../app-error';
import type { PageWindow } from '../../db/paging';
import type { Database } from '../../db/types';
import type { AccountLimits } from '../../plugins/limits/account-limits';
import { requestCode } from '../../request-code';
import { enqueueMail } from '../mail';
import {
  duplicateInvoice,
  findShops,
  invoiceAmountProblems,
  merchantContactOf,
  merchantInvoiceOf,
  shopOf,
  writeCreditNote,
  writeInvoice,
  type MerchantInvoice,
  type MerchantRecord,
} from '../merchants';
import { notify } from '../notifications';
import { createClaimRepository, type ClaimRow, type NewClaim, type TravelerClaimRow } from './repository';
import type { DeclineBody, MerchantClaim, ReissueBody } from './schemas';

/** How many shops the search answers at most. */
const SHOPS_FOUND = 10;

/** The traveler's view of a claim (claimSchema): never the merchant's invoice a missing one matched. */
function toClaim(row: TravelerClaimRow): Claim {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    state: row.state,
    vendorName: row.vendor_name,
    invoiceNumber: row.invoice_number,
    issueDate: row.issue_day,
    totalAmount: row.total_amount,
    problem: row.problem,
    note: row.note,
    invoiceId: row.kind === 'WRONG' ? row.invoice_id : null,
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at ? row.closed_at.toISOString() : null,
    declineReason: row.decline_reason,
    answerNote: row.answer_note,
    reissuedInvoice:
      row.reissued_invoice_id !== null && row.reissued_number !== null
        ? { idRichiestaRimborso: row.reissued_invoice_id, invoiceNumber: row.reissued_number }
        : null,
  };
}

const closedClaim = () => new AppError(409, { key: 'claim.notOpen' });
const claimNotFound = () => notFound({ key: 'claim.notFound' });

export interface ClaimServiceOptions {
  limits: AccountLimits;
  clock?: () => Date;
}

/**
 * The claims (docs/domain.md, "Claims"): a traveler's to the merchant that issued, or should have issued, an invoice;
 * the merchant's answer. Each change is one transaction; the claim's row is locked by whoever closes it, so of two
 * answers at once (or an answer and a withdrawal) one wins and the other finds it closed.
 */
export function createClaimService(db: Kysely<Database>, { limits, clock = () => new Date() }: ClaimServiceOptions) {
  const repository = createClaimRepository(db);

  /**
   * Writes the claim with a new code and mails the merchant (nothing but the code) in the same transaction; 409 when
   * the traveler has an open claim about the same invoice, sent meanwhile.
   */
  async function send(claim: Omit<NewClaim, 'code'>): Promise<number> {
    const year = claim.issue_date.slice(0, 4);
    for (;;) {
      const id = await db.transaction().execute(async (trx) => {
        const code = requestCode('CL', year);
        const inserted = await createClaimRepository(trx).insert({ ...claim, code });
        if (inserted === undefined) return undefined;
        const contact = await merchantContactOf(trx, claim.merchant_id);
        if (contact.email)
          await enqueueMail(trx, {
            to: contact.email,
            name: contact.name,
            language: contact.language,
            template: 'claim-received',
            params: { code },
          });
        return inserted;
      });
      if (id !== undefined) return id;
      if (await repository.openClaimAbout(claim.traveler_id, claim.vendor_vat_number, claim.invoice_number))
        throw new AppError(409, { key: 'claim.alreadyOpen' });
    }
  }

  /** The traveler's name and document, the open-claim check and the day's allowance: what every new claim passes. */
  async function beforeSending(travelerId: number, vendorVatNumber: string, invoiceNumber: string) {
    const identity = await repository.identityOf(travelerId);
    if (!identity) throw new AppError(403, { key: 'forbidden' });
    if (await repository.openClaimAbout(travelerId, vendorVatNumber, invoiceNumber))
      throw new AppError(409, { key: 'claim.alreadyOpen' });
    await limits.takeClaim(travelerId);
    const { name, document_type, document_country, document_number } = identity;
    return { traveler_name: name, document_type, document_country, document_number };
  }

  async function travelerClaim(travelerId: number, id: number): Promise<Claim> {
    const row = await repository.travelerClaim(travelerId, id);
    if (!row) throw claimNotFound();
    return toClaim(row);
  }

  /** The merchant's view of a claim: what the traveler sent, who they are, and the merchant's own invoice it names. */
  async function toMerchantClaim(row: ClaimRow, language: ServerLanguage): Promise<MerchantClaim> {
    return {
      code: row.code,
      kind: row.kind,
      state: row.state,
      createdAt: row.created_at.toISOString(),
      closedAt: row.closed_at ? row.closed_at.toISOString() : null,
      shop: { vatNumber: row.vendor_vat_number, name: row.vendor_name },
      receipt: { invoiceNumber: row.invoice_number, issueDate: row.issue_day, totalAmount: row.total_amount },
      problem: row.problem,
      note: row.note,
      traveler: {
        name: row.traveler_name,
        document: { type: row.document_type, country: row.document_country, number: row.document_number },
      },
      invoice:
        row.invoice_id === null
          ? null
          : ((await merchantInvoiceOf(db, row.merchant_id, row.invoice_id, language)) ?? null),
      declineReason: row.decline_reason,
      answerNote: row.answer_note,
      reissuedRefundId: row.reissued_invoice_id,
    };
  }

  /** In a transaction: the merchant's open claim `code`, locked; 404 when it is not addressed to it, 409 when closed. */
  async function openClaimOf(trx: Transaction<Database>, merchant: MerchantRecord, code: string): Promise<ClaimRow> {
    const claim = await createClaimRepository(trx).merchantClaim(merchant.id, code, true);
    if (!claim) throw claimNotFound();
    if (claim.state !== 'OPEN') throw closedClaim();
    return claim;
  }

  return {
    /** The shops whose name or VAT number holds `text` (SHOP_QUERY_MIN_LENGTH characters at least). */
    async shops(text: string): Promise<{ shops: Array<Pick<Shop, 'vatNumber' | 'name'>> }> {
      const query = text.trim();
      if (query.length < SHOP_QUERY_MIN_LENGTH) return { shops: [] };
      const shops = await findShops(db, query, SHOPS_FOUND);
      return { shops: shops.map(({ vatNumber, name }) => ({ vatNumber, name })) };
    },

    /**
     * "An invoice is missing?": a claim to the shop's merchant with what the receipt shows. The answer is the claim,
     * the same whether the merchant has such an invoice, who holds it, or none: only the traveler's own invoices are
     * told (they may see them anyway).
     */
    async claimMissing(travelerId: number, body: MissingInvoiceClaimBody): Promise<Claim> {
      const shop = await shopOf(db, body.shopVatNumber.trim());
      if (!shop) throw new AppError(400, { key: 'validationFailed' }, { shopVatNumber: { key: 'field.chooseShop' } });
      const invoiceNumber = body.invoiceNumber.trim();
      const own = await repository.heldInvoiceOfShop(travelerId, shop.vatNumber, invoiceNumber, body.issueDate);
      if (own)
        throw new AppError(409, {
          key: own.state_code === InvoiceState.IN_REQUEST ? 'claim.invoiceInRequest' : 'claim.ownInvoice',
        });
      const traveler = await beforeSending(travelerId, shop.vatNumber, invoiceNumber);
      const id = await send({
        ...traveler,
        traveler_id: travelerId,
        merchant_id: shop.merchantId,
        kind: 'MISSING',
        vendor_vat_number: shop.vatNumber,
        vendor_name: shop.name,
        invoice_number: invoiceNumber,
        issue_date: body.issueDate,
        total_amount: body.totalAmount,
        problem: null,
        note: body.note?.trim() || null,
        invoice_id:
          (await repository.merchantInvoiceOfShop(shop.merchantId, shop.vatNumber, invoiceNumber, body.issueDate)) ??
          null,
      });
      return travelerClaim(travelerId, id);
    },

    /**
     * "Something is wrong on this invoice": a claim about one of the traveler's invoices while it is available (not in a
     * request, not decided, its exit deadline not passed), to the merchant that issued it.
     */
    async claimWrong(travelerId: number, body: WrongInvoiceClaimBody): Promise<Claim> {
      const invoice = await repository.heldInvoice(travelerId, body.idRichiestaRimborso);
      if (!invoice) throw notFound({ key: 'invoice.notFound' });
      if (invoice.state_code === InvoiceState.IN_REQUEST) throw new AppError(409, { key: 'claim.invoiceInRequest' });
      if (
        !INVOICE_AVAILABLE_STATES.includes(invoice.state_code) ||
        exitDeadline(invoice.issue_day) < romeToday(clock())
      )
        throw new AppError(409, { key: 'claim.invoiceClosed' });
      const traveler = await beforeSending(travelerId, invoice.vendor_vat_number, invoice.invoice_number);
      const id = await send({
        ...traveler,
        traveler_id: travelerId,
        merchant_id: invoice.merchant_id,
        kind: 'WRONG',
        vendor_vat_number: invoice.vendor_vat_number,
        vendor_name: invoice.vendor_name,
        invoice_number: invoice.invoice_number,
        issue_date: invoice.issue_day,
        total_amount: invoice.total_amount,
        problem: body.problem,
        note: body.note.trim() || null,
        invoice_id: invoice.id,
      });
      return travelerClaim(travelerId, id);
    },

    /** A page of the traveler's claims, newest first. */
    async travelerClaims(
      travelerId: number,
      filter: { invoiceId?: number | undefined; state?: ClaimState | undefined },
      window: PageWindow,
    ): Promise<{ claims: Claim[]; links: { totalItems: number } }> {
      const { rows, total } = await repository.travelerPage(travelerId, filter, window);
      return { claims: rows.map(toClaim), links: { totalItems: total } };
    },

    /** The traveler takes back an open claim; 409 once answered (the merchant may be answering it right now). */
    async withdraw(travelerId: number, id: number): Promise<Claim> {
      await db.transaction().execute(async (trx) => {
        const writer = createClaimRepository(trx);
        const claim = await writer.travelerClaimForUpdate(travelerId, id);
        if (!claim) throw claimNotFound();
        if (claim.state !== 'OPEN') throw closedClaim();
        await writer.close(id, { state: 'WITHDRAWN' }, clock());
      });
      return travelerClaim(travelerId, id);
    },

    /** The merchant's claims in `state`, oldest first. */
    async merchantClaims(merchant: MerchantRecord, state: ClaimState, window: PageWindow, language: ServerLanguage) {
      const { rows, total } = await repository.merchantPage(merchant.id, state, window);
      return {
        claims: await Promise.all(rows.map((row) => toMerchantClaim(row, language))),
        links: { totalItems: total },
      };
    },

    async merchantClaim(merchant: MerchantRecord, code: string, language: ServerLanguage): Promise<MerchantClaim> {
      const row = await repository.merchantClaim(merchant.id, code);
      if (!row) throw claimNotFound();
      return toMerchantClaim(row, language);
    },

    /**
     * The merchant puts the claim right, in one transaction: a credit note on the wrong invoice (the one the claim names,
     * or `creditedRefundId`) while it stands, and a new invoice to the traveler's travel document with the wrong one's
     * issue date (the receipt's without one), so the exit deadline stays; the traveler is notified.
     */
    async reissue(
      merchant: MerchantRecord,
      code: string,
      body: ReissueBody,
      language: ServerLanguage,
    ): Promise<{ claim: MerchantClaim; invoice: MerchantInvoice }> {
      const reissuedId = await db.transaction().execute(async (trx) => {
        const claim = await openClaimOf(trx, merchant, code);
        const wrongId = body.creditedRefundId ?? claim.invoice_id;
        const wrong = wrongId === null ? undefined : await merchantInvoiceOf(trx, merchant.id, wrongId, language);
        if (wrongId !== null && !wrong) throw notFound({ key: 'invoice.notFound' });
        const standing = wrong && !wrong.cancelled ? wrong : undefined;

        const totalAmount = body.totalAmount ?? wrong?.totalAmount;
        const vatAmount = body.vatAmount ?? wrong?.vatAmount;
        const fields: Record<string, Message> =
          totalAmount !== undefined && vatAmount !== undefined ? invoiceAmountProblems(totalAmount, vatAmount) : {};
        if (totalAmount === undefined) fields.totalAmount = { key: 'field.required' };
        if (vatAmount === undefined) fields.vatAmount = { key: 'field.required' };
        if (standing && !body.creditNoteNumber) fields.creditNoteNumber = { key: 'field.required' };
        if (Object.keys(fields).length > 0) throw new AppError(400, { key: 'validationFailed' }, fields);

        const issueDate = wrong?.issueDate ?? claim.issue_day;
        if (exitDeadline(issueDate) < romeToday(clock()))
          throw new AppError(409, { key: 'claim.deadlinePassed', params: { deadline: exitDeadline(issueDate) } });
        if (standing && !(await writeCreditNote(trx, merchant.id, standing.refundId, body.creditNoteNumber!)))
          throw new AppError(409, { key: 'merchant.notCancellable' });

        const vendor = wrong
          ? { vatNumber: wrong.vendorVatNumber, name: wrong.vendorName }
          : { vatNumber: claim.vendor_vat_number, name: claim.vendor_name };
        const invoiceNumber = body.invoiceNumber.trim();
        const id = await writeInvoice(trx, merchant, {
          invoiceNumber,
          issueDate,
          totalAmount: totalAmount!,
          vatAmount: vatAmount!,
          vendor,
          traveler: {
            name: claim.traveler_name,
            document: { type: claim.document_type, country: claim.document_country, number: claim.document_number },
          },
        });
        if (id === undefined) throw duplicateInvoice();
        await createClaimRepository(trx).close(claim.id, { state: 'REISSUED', reissued_invoice_id: id }, clock());
        await notify(trx, {
          travelerId: claim.traveler_id,
          kind: 'CLAIM_REISSUED',
          params: { claimCode: claim.code, invoiceNumber, vendor: vendor.name },
          invoiceId: id,
        });
        return id;
      });
      const [claim, invoice] = await Promise.all([
        this.merchantClaim(merchant, code, language),
        merchantInvoiceOf(db, merchant.id, reissuedId, language),
      ]);
      return { claim, invoice: invoice! };
    },

    /** The merchant declines the claim with a reason of the list (and a note, required with OTHER); the traveler is notified. */
    async decline(
      merchant: MerchantRecord,
      code: string,
      body: DeclineBody,
      language: ServerLanguage,
    ): Promise<MerchantClaim> {
      const note = body.note?.trim() || null;
      if (body.reason === 'OTHER' && !note)
        throw new AppError(400, { key: 'validationFailed' }, { note: { key: 'field.required' } });
      await db.transaction().execute(async (trx) => {
        const claim = await openClaimOf(trx, merchant, code);
        await createClaimRepository(trx).close(
          claim.id,
          { state: 'DECLINED', decline_reason: body.reason, answer_note: note },
          clock(),
        );
        await notify(trx, {
          travelerId: claim.traveler_id,
          kind: 'CLAIM_DECLINED',
          params: {
            claimCode: claim.code,
            invoiceNumber: claim.invoice_number,
            vendor: claim.vendor_name,
            reason: body.reason,
          },
        });
      });
      return this.merchantClaim(merchant, code, language);
    },
  };
}

export type ClaimService = ReturnType<typeof createClaimService>;
