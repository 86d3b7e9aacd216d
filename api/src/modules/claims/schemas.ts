import { idParamSchema, idSchema, pageQuerySchema, text } from '@varco/contracts';
import {
  CLAIM_DECLINE_REASONS,
  CLAIM_INVOICE_NUMBER_MAX_LENGTH,
  CLAIM_PROBLEMS,
  CLAIM_STATES,
  claimNoteIssue,
} from '@varco/contracts/claims';
import { ruleField, textIssue, type AccountRuleIssue } from '@varco/contracts';
import * as z from 'zod/mini';
import { merchantInvoiceSchema } from '../merchants';

/**
 * The merchants' side of the claims (server to server, like the merchant intake's payloads): what a merchant reads of
 * a claim addressed to it, and how it answers. The traveler's side is `@varco/contracts/claims`.
 */

/** A number of the merchant's own (an invoice, a credit note), as the intake takes it. */
const numberText = ruleField((value) => textIssue(value, CLAIM_INVOICE_NUMBER_MAX_LENGTH));
const answerNote = ruleField((value) => claimNoteIssue(value, false) as AccountRuleIssue | null);

export const claimCodeParamsSchema = z.object({
  code: text().check(z.trim(), z.minLength(1), z.maxLength(40)),
});

export const merchantClaimListQuerySchema = z.extend(pageQuerySchema, {
  state: z._default(z.enum(CLAIM_STATES), 'OPEN'),
});

/** A claim as the merchant it is addressed to reads it. */
export const merchantClaimSchema = z.object({
  /** The claim's code, the one its mail gives (`CL-<year>-<8 characters>`). */
  code: z.string(),
  /** MISSING: an invoice the traveler holds the receipt of and does not see; WRONG: one of theirs whose data is wrong. */
  kind: z.enum(['MISSING', 'WRONG']),
  state: z.enum(CLAIM_STATES),
  createdAt: z.string(),
  /** When it was answered, or withdrawn by the traveler. */
  closedAt: z.nullable(z.string()),
  /** The shop the receipt names (the vendor; a broker answers for the vendors it issues for). */
  shop: z.object({ vatNumber: z.string(), name: z.string() }),
  /** What the traveler's receipt shows (MISSING), or the invoice's data (WRONG). */
  receipt: z.object({ invoiceNumber: z.string(), issueDate: z.string(), totalAmount: z.number() }),
  /** What is wrong (WRONG); null for a missing invoice. */
  problem: z.nullable(z.enum(CLAIM_PROBLEMS)),
  note: z.nullable(z.string()),
  /** The traveler's name and travel document as their account holds them: what a reissued invoice is written to. */
  traveler: z.object({
    name: z.string(),
    document: z.object({ type: z.string(), country: z.string(), number: z.string() }),
  }),
  /**
   * The merchant's invoice the claim is about: the traveler's own (WRONG), or the merchant's invoice with the receipt's
   * number that year, whoever it was issued to (MISSING); null when there is none.
   */
  invoice: z.nullable(merchantInvoiceSchema),
  declineReason: z.nullable(z.enum(CLAIM_DECLINE_REASONS)),
  answerNote: z.nullable(z.string()),
  /** The refund id of the invoice issued anew (REISSUED). */
  reissuedRefundId: z.nullable(z.int()),
});
export type MerchantClaim = z.infer<typeof merchantClaimSchema>;

export const merchantClaimListSchema = z.object({
  claims: z.array(merchantClaimSchema),
  links: z.object({ totalItems: z.int() }),
});

export const reissueBodySchema = z.object({
  /** The number of the new invoice (the vendor issues each number once a year). */
  invoiceNumber: numberText,
  /** The credit note that cancels the wrong invoice; required when there is one still standing. */
  creditNoteNumber: z.optional(numberText),
  /** The wrong invoice, when it is not the one the claim names (`invoice`): one of the merchant's, by refund id. */
  creditedRefundId: z.optional(idSchema),
  /** The new invoice's amounts; the wrong invoice's by default, required when there is none. */
  totalAmount: z.optional(z.number()),
  vatAmount: z.optional(z.number()),
});
export type ReissueBody = z.infer<typeof reissueBodySchema>;

export const declineBodySchema = z.object({
  reason: z.enum(CLAIM_DECLINE_REASONS),
  /** What the traveler reads besides the reason; required with OTHER. */
  note: z.optional(answerNote),
});
export type DeclineBody = z.infer<typeof declineBodySchema>;

/** The answer to a reissue: the claim, closed, and the invoice issued anew. */
export const reissueAnswerSchema = z.object({ claim: merchantClaimSchema, invoice: merchantInvoiceSchema });

export const claimIdParamsSchema = z.object({ id: idParamSchema });
