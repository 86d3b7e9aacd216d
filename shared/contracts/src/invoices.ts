import * as z from 'zod/mini';
import { idParamSchema } from './ids';

/** An invoice as the traveler sees it (docs/domain.md). Amounts in EUR. */
export const invoiceSchema = z.object({
  invoiceNumber: z.string(),
  idRichiestaRimborso: z.int(),
  emissionDate: z.string(),
  vendorName: z.string(),
  totalAmount: z.number(),
  ivaAmount: z.number(),
  brokerName: z.nullable(z.string()),
  requestCode: z.string(),
  codeCustomsOffice: z.nullable(z.string()),
  dateRelease: z.nullable(z.string()),
  codeRelease: z.nullable(z.string()),
  stateCode: z.int(),
  stateDescription: z.string(),
  /** A granted invoice (100) whose request is 'in completion': go airside after the passport or security check (docs/domain.md). */
  inCompletion: z.boolean(),
  /** The last day (ISO) to leave the EU with the goods: the end of the third month after the issue date (docs/domain.md). */
  exitDeadline: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_FILTERS = ['TUTTE', 'SOLO_EMESSE', 'SOLO_COMPLETATE'] as const;
export const invoiceFilterSchema = z.enum(INVOICE_FILTERS);
export type InvoiceFilter = z.infer<typeof invoiceFilterSchema>;

export const pageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
});

export const totalItemsSchema = z.object({ totalItems: z.int() });

export const latestInvoicesResponseSchema = z.object({
  invoices: z.array(invoiceSchema),
  links: totalItemsSchema,
});
export const invoicesPerYearResponseSchema = z.object({
  invoicesPerYear: z.array(z.object({ year: z.int(), listInvoicesPerYear: z.array(invoiceSchema) })),
});
export const invoiceDetailQuerySchema = z.object({ idRichiestaRimborso: idParamSchema });

/** The file name of an invoice's release PDF (content-disposition). */
export const releasePdfFilename = (refundId: number) => `invoice-release-${refundId}.pdf`;
