import { apiErrorSchema, emailIssue, idParamSchema, ruleField, serverLanguageSchema, text } from '@varco/contracts';
import * as z from 'zod/mini';

/** The merchant intake's own payloads (server to server: not part of the portal's contracts). */

const bounded = (min: number, max: number) => text().check(z.trim(), z.minLength(min), z.maxLength(max));
const isoDay = text().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const issueInvoiceBodySchema = z.object({
  invoiceNumber: bounded(1, 40),
  /** ISO day, Europe/Rome. */
  issueDate: isoDay,
  /** The vendor on whose behalf a broker issues the invoice; a vendor's own key may leave it out. */
  vendor: z.optional(z.object({ vatNumber: bounded(2, 20), name: bounded(2, 120) })),
  totalAmount: z.number(),
  vatAmount: z.number(),
  traveler: z.object({
    name: bounded(2, 120),
    document: z.object({ type: bounded(2, 30), country: bounded(2, 2), number: bounded(2, 30) }),
  }),
});
export type IssueInvoiceBody = z.infer<typeof issueInvoiceBodySchema>;

export const creditNoteBodySchema = z.object({ creditNoteNumber: bounded(1, 40), issueDate: isoDay });
export type CreditNoteBody = z.infer<typeof creditNoteBodySchema>;

export const refundIdParamsSchema = z.object({ refundId: idParamSchema });

/** An invoice as its merchant sees it: the refund and request codes, the state and the visa release. */
export const merchantInvoiceSchema = z.object({
  refundId: z.int(),
  requestCode: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  vendorVatNumber: z.string(),
  vendorName: z.string(),
  brokerName: z.nullable(z.string()),
  totalAmount: z.number(),
  vatAmount: z.number(),
  exitDeadline: z.string(),
  stateCode: z.int(),
  stateDescription: z.string(),
  release: z.nullable(z.object({ date: z.string(), code: z.string(), customsOffice: z.string() })),
  cancelled: z.nullable(z.object({ creditNoteNumber: z.string(), at: z.string() })),
});
export type MerchantInvoice = z.infer<typeof merchantInvoiceSchema>;

export const merchantErrors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Where the merchant is told of a new claim: an address (null: no mail) and the language of the mails. */
export const merchantContactSchema = z.object({
  email: z.nullable(z.string()),
  language: serverLanguageSchema,
});

export const merchantContactBodySchema = z.object({
  /** The address the mails of new claims go to; null stops them. */
  email: z.nullable(ruleField(emailIssue)),
  /** The language of those mails (one of the twelve codes); Italian unless told. */
  language: z._default(serverLanguageSchema, 'IT'),
});
