import type { ServerLanguage, Visa } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { notFound } from '../../app-error';
import type { Database } from '../../db/types';
import { renderVisaPdf } from '../documents';
import { toInvoice } from '../invoices';
import { travelerName, type VisaRepository, type VisaRow } from './repository';
import { QR_STATES, toVisa, visaPdfFilename } from './visa-view';

/** What the service needs of the QR (app.qr, plugins/qr.ts). */
export interface VisaQr {
  issue(claims: { publicId: string; issuedAt: Date }): string;
  png(token: string): Promise<string>;
}

/** A request's PDF and the name to save it under (content-disposition). */
interface VisaPdf {
  filename: string;
  pdf: Buffer;
}

/** The traveler reads their requests: the list, one request with its invoices and QR code, its PDF. */
export function createRequestReading(db: Kysely<Database>, repository: VisaRepository, qr: VisaQr, clock: () => Date) {
  async function ownRequest(travelerId: number, requestId: number, language: ServerLanguage): Promise<VisaRow> {
    const row = await repository.find(travelerId, requestId, language);
    if (!row) throw notFound({ key: 'visa.notFound' });
    return row;
  }

  async function qrOf(row: VisaRow): Promise<string | undefined> {
    if (!QR_STATES.includes(row.state_code)) return undefined;
    return qr.png(qr.issue({ publicId: row.public_id, issuedAt: row.qr_issued_at }));
  }

  /** One request with its invoices and, while it can be scanned (1, 50, 20), its QR code. */
  async function detail(travelerId: number, requestId: number, language: ServerLanguage): Promise<Visa> {
    const row = await ownRequest(travelerId, requestId, language);
    const [invoices, qrCode] = await Promise.all([repository.invoicesOf(row.id), qrOf(row)]);
    return toVisa(row, language, {
      invoices: invoices.map((invoice) => toInvoice(invoice, language)),
      ...(qrCode ? { qrCode } : {}),
    });
  }

  return {
    ownRequest,
    detail,

    async list(travelerId: number, page: number, limit: number, language: ServerLanguage, stateCode?: number) {
      const { rows, total } = await repository.list(travelerId, limit, page * limit, language, stateCode);
      return { requests: rows.map((row) => toVisa(row, language)), links: { totalItems: total } };
    },

    /** The request as a PDF with its QR code, in `language`, and the name to save it under. */
    async pdf(travelerId: number, requestId: number, language: ServerLanguage): Promise<VisaPdf> {
      const visa = await detail(travelerId, requestId, language);
      const traveler = await travelerName(db, travelerId);
      const pdf = await renderVisaPdf({ visa, qrPng: visa.qrCode ?? null, traveler, generatedAt: clock() }, language);
      return { filename: visaPdfFilename(visa.requestCode), pdf };
    },
  };
}
