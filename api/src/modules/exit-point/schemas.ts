import { idSchema, text } from '@varco/contracts';
import * as z from 'zod/mini';

/** The exit point's own payloads (kiosks and officers' devices: not part of the portal's contracts). */

export const scanBodySchema = z.object({
  /** The text of the QR code: `v1.<payload>.<signature>`. */
  token: text().check(z.minLength(1), z.maxLength(2048)),
});

export const publicIdParamsSchema = z.object({ publicId: text().check(z.minLength(1), z.maxLength(64)) });

const DECISION_OUTCOMES = ['GRANTED', 'DENIED', 'NOT_SELECTED'] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];

export const decisionsBodySchema = z.object({
  decisions: z
    .array(z.object({ refundId: idSchema, outcome: z.enum(DECISION_OUTCOMES) }))
    .check(z.minLength(1), z.maxLength(200)),
});
export type DecisionsBody = z.infer<typeof decisionsBodySchema>;

const releaseSchema = z.object({ date: z.string(), code: z.string(), customsOffice: z.string() });

const exitPointInvoiceSchema = z.object({
  refundId: z.int(),
  invoiceNumber: z.string(),
  vendorName: z.string(),
  totalAmount: z.number(),
  stateCode: z.int(),
  stateDescription: z.string(),
  release: z.nullable(releaseSchema),
});

/** What the exit point reads of a request: enough to check the traveler and decide, nothing else of theirs. */
export const exitPointRequestSchema = z.object({
  publicId: z.string(),
  requestCode: z.string(),
  traveler: z.object({
    name: z.string(),
    document: z.object({ type: z.string(), country: z.string(), number: z.string() }),
  }),
  stateCode: z.int(),
  stateDescription: z.string(),
  totalAmount: z.number(),
  travelDate: z.string(),
  transportType: z.string(),
  flightNumber: z.nullable(z.string()),
  invoices: z.array(exitPointInvoiceSchema),
});

export const exitPointViewSchema = z.object({
  /** The traffic light of the risk analysis (1 green, 5 yellow, 10 red); null before any analysis. */
  light: z.nullable(z.union([z.literal(1), z.literal(5), z.literal(10)])),
  /** Why, one sentence per reason, in the language of the request. */
  reasons: z.array(z.string()),
  request: exitPointRequestSchema,
});
export type ExitPointView = z.infer<typeof exitPointViewSchema>;

const SCAN_OUTCOMES = ['GRANTED', 'CUSTOMS_CHECK'] as const;

export const scanResultSchema = z.extend(exitPointViewSchema, {
  /** GRANTED: the visa is given, the traveler goes on. CUSTOMS_CHECK: to the customs office (yellow or red). */
  outcome: z.enum(SCAN_OUTCOMES),
  /** What to tell the traveler, in the language of the request. */
  message: z.string(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

export const publicKeySchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});
