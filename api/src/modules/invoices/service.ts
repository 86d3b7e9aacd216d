import {
  INVOICE_AVAILABLE_STATES,
  INVOICE_COMPLETED_STATES,
  type Invoice,
  type InvoiceFilter,
  type ServerLanguage,
  exitDeadline,
  firstIssueDayWithinDeadline,
  romeToday,
} from '@varco/contracts';
import type { Kysely } from 'kysely';
import { notFound } from '../../app-error';
import type { Database } from '../../db/types';
import { translate } from '../../i18n/messages';
import { renderInvoiceReleasePdf } from '../documents';
import { createInvoiceRepository, type InvoiceRow } from './repository';
import { invoiceStateKey } from './states';

/** The states of the All and Completed tabs; the Available tab is the usable invoices (see `usableRows`). */
const STATES_OF_FILTER: Readonly<Record<Exclude<InvoiceFilter, 'SOLO_EMESSE'>, readonly number[] | null>> = {
  TUTTE: null,
  SOLO_COMPLETATE: INVOICE_COMPLETED_STATES,
};

/** An invoice row as docs/domain.md shows it, its state described in `language`. */
export function toInvoice(row: InvoiceRow, language: ServerLanguage): Invoice {
  return {
    invoiceNumber: row.invoice_number,
    idRichiestaRimborso: row.id,
    emissionDate: row.emission_day,
    vendorName: row.vendor_name,
    totalAmount: row.total_amount,
    ivaAmount: row.iva_amount,
    brokerName: row.broker_name,
    requestCode: row.request_code,
    codeCustomsOffice: row.customs_office,
    dateRelease: row.release_date ? row.release_date.toISOString() : null,
    codeRelease: row.release_code,
    stateCode: row.state_code,
    stateDescription: translate(language, invoiceStateKey(row.state_code, row.in_completion)),
    inCompletion: row.in_completion,
    exitDeadline: exitDeadline(row.emission_day),
  };
}

export function createInvoiceService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const repository = createInvoiceRepository(db);

  /**
   * The invoices a new visa request can hold: available (1, 30) and still within their exit deadline. The one
   * definition of "available" for the traveler: the wizard's step 1 and the invoice list's Available tab.
   */
  const usableRows = (travelerId: number) =>
    repository.usable(travelerId, INVOICE_AVAILABLE_STATES, firstIssueDayWithinDeadline(romeToday(clock())));

  return {
    async latest(travelerId: number, page: number, limit: number, language: ServerLanguage) {
      const { rows, total } = await repository.latest(travelerId, limit, page * limit);
      return { invoices: rows.map((row) => toInvoice(row, language)), links: { totalItems: total } };
    },

    /** The invoices a new visa request can hold (`usableRows`). */
    async usable(travelerId: number, language: ServerLanguage) {
      const rows = await usableRows(travelerId);
      return { invoices: rows.map((row) => toInvoice(row, language)), links: { totalItems: rows.length } };
    },

    /** The traveler's invoices of a filter, grouped per year of issue, the latest year first. */
    async perYear(travelerId: number, filter: InvoiceFilter, language: ServerLanguage) {
      const rows =
        filter === 'SOLO_EMESSE'
          ? await usableRows(travelerId)
          : await repository.inStates(travelerId, STATES_OF_FILTER[filter]);
      const years = new Map<number, Invoice[]>();
      for (const row of rows) {
        const year = Number(row.emission_day.slice(0, 4));
        const invoices = years.get(year) ?? [];
        invoices.push(toInvoice(row, language));
        years.set(year, invoices);
      }
      return { invoicesPerYear: [...years].map(([year, listInvoicesPerYear]) => ({ year, listInvoicesPerYear })) };
    },

    async detail(travelerId: number, refundId: number, language: ServerLanguage): Promise<Invoice> {
      const row = await repository.detail(travelerId, refundId);
      if (!row) throw notFound({ key: 'invoice.notFound' });
      return toInvoice(row, language);
    },

    /** The release PDF of one of the traveler's invoices, in `language`. */
    async releasePdf(travelerId: number, refundId: number, language: ServerLanguage): Promise<Buffer> {
      const row = await repository.withHolder(travelerId, refundId, language);
      if (!row) throw notFound({ key: 'invoice.notFound' });
      return renderInvoiceReleasePdf(
        {
          invoice: toInvoice(row, language),
          traveler: {
            nome: row.nome,
            cognome: row.cognome,
            documentType: row.document_type_label,
            documentCountry: row.document_country_label,
            documentNumber: row.document_number,
          },
          generatedAt: clock(),
        },
        language,
      );
    },
  };
}
