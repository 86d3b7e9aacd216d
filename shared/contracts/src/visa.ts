import * as z from 'zod/mini';
import { MAX_VISA_INVOICES } from '@varco/contracts/plain';
import { idSchema } from './ids';
import { invoiceSchema, totalItemsSchema } from './invoices';
import { text } from './text';

const codedSchema = z.object({ code: z.string(), description: z.optional(z.string()) });

export const riskAnalysisSchema = z.object({
  showTrafficLight: z.boolean(),
  codeAnalysisResult: z.nullable(z.int()),
  message: z.nullable(z.string()),
});

/** A visa request (docs/domain.md). */
export const visaSchema = z.object({
  idRichiesta: z.int(),
  visaRequestId: z.string(),
  requestCode: z.string(),
  requestDate: z.string(),
  totalAmount: z.number(),
  totalInvoices: z.int(),
  stateCode: z.int(),
  stateDescription: z.string(),
  qrCode: z.optional(z.string()),
  invoices: z.optional(z.array(invoiceSchema)),
  meansOfTransport: z.optional(codedSchema),
  crewMember: z.optional(z.boolean()),
  travelDate: z.optional(z.string()),
  travelDocType: z.optional(z.nullable(codedSchema)),
  travelDocNumber: z.optional(z.nullable(z.string())),
  destinationCountry: z.optional(codedSchema),
  destinationAirport: z.optional(z.nullable(codedSchema)),
  destinationFreeZone: z.optional(z.nullable(codedSchema)),
  flightNumber: z.optional(z.nullable(z.string())),
  visaToBeAnalysed: z.optional(z.boolean()),
  riskAnalysis: z.optional(riskAnalysisSchema),
});
export type Visa = z.infer<typeof visaSchema>;

/** The travel part of POST/PUT /private/visa; travelDate is UTC ISO. */
export const travelSchema = z.object({
  transportType: text(),
  crewMember: z.boolean(),
  travelDate: text(),
  travelDocType: z.nullable(text()),
  travelDocNumber: z.nullable(text()),
  destinationCountry: text(),
  destinationFreeZone: z.nullable(text()),
  flightNumber: z.nullable(text()),
  destinationAirport: z.nullable(text()),
});
export type Travel = z.infer<typeof travelSchema>;

export const createVisaBodySchema = z.object({
  invoices: z.array(idSchema).check(z.minLength(1), z.maxLength(MAX_VISA_INVOICES)),
  travel: travelSchema,
});
export const updateVisaBodySchema = z.extend(createVisaBodySchema, { id: idSchema });
export const visaIdResponseSchema = z.object({ id: z.int() });
export const visaListResponseSchema = z.object({
  requests: z.array(visaSchema),
  links: totalItemsSchema,
});
export const startRiskAnalysisBodySchema = z.object({ id: idSchema });
/** The `stateCode` filter of GET /visa/list: one visa request state (e.g. 1, the pending request). */
export const visaStateQuerySchema = z.coerce.number().check(z.int(), z.gte(0), z.lte(1000));
