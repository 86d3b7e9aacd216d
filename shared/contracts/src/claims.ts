import * as z from 'zod/mini';
// The rest of the contracts through the package's name: in the browser they are the shared instance of the shell.
import {
  exitDeadline,
  idParamSchema,
  idSchema,
  isIsoDay,
  MIN_INVOICE_AMOUNT_EUR,
  romeToday,
  ruleField,
  text,
  ruleMessage,
  textIssue,
  toLocale,
  totalItemsSchema,
  type AccountRuleIssue,
} from '@varco/contracts';

/**
 * A traveler's claim to a merchant about an invoice (docs/domain.md, "Claims"): one that never appeared (issued to a
 * mistyped document, say) or one whose data is wrong. The rules of its forms and the shapes of its calls, written once
 * for the form and the api. An entry point of its own (`@varco/contracts/claims`), not shared: mf-invoices and the api
 * compile it in, so a release of the remote with it needs no new shell.
 */

export const CLAIM_KINDS = ['MISSING', 'WRONG'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** What is wrong on an invoice, as the traveler tells it. */
export const CLAIM_PROBLEMS = ['NAME', 'DOCUMENT', 'GOODS_AMOUNTS', 'OTHER'] as const;
export type ClaimProblem = (typeof CLAIM_PROBLEMS)[number];

/** OPEN until the merchant answers (REISSUED or DECLINED) or the traveler withdraws it (WITHDRAWN). */
export const CLAIM_STATES = ['OPEN', 'REISSUED', 'DECLINED', 'WITHDRAWN'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

/** Why a merchant declines a claim: one of a list, the traveler reads it in their language. */
export const CLAIM_DECLINE_REASONS = [
  'NO_SUCH_INVOICE',
  'DATA_CORRECT',
  'ALREADY_CORRECTED',
  'NOT_ELIGIBLE',
  'OTHER',
] as const;
export type ClaimDeclineReason = (typeof CLAIM_DECLINE_REASONS)[number];

/** The longest note of a claim, or of a merchant's answer. */
export const CLAIM_NOTE_MAX_LENGTH = 500;
/** The longest invoice number, as the merchant intake takes it. */
export const CLAIM_INVOICE_NUMBER_MAX_LENGTH = 40;
/** A receipt's total above this is a typing mistake (and more than any tax-free purchase a traveler claims). */
export const CLAIM_AMOUNT_MAX_EUR = 1_000_000;
/** The shortest text the shop search looks for. */
export const SHOP_QUERY_MIN_LENGTH = 2;
export const SHOP_QUERY_MAX_LENGTH = 100;
/** The traveler's claims, a page at a time. */
export const CLAIMS_PAGE_SIZE = 10;

/** What is wrong with a claim's field; the api words `field.<code>`, mf-invoices its own texts. */
export type ClaimRuleIssue =
  | AccountRuleIssue
  | { code: 'dateInvalid' }
  | { code: 'dateNotFuture' }
  | { code: 'exitDeadlinePassed'; deadline: string }
  | { code: 'amount' }
  | { code: 'decimals' }
  | { code: 'amountAboveMinimum'; min: number }
  | { code: 'amountTooLarge'; max: number }
  | { code: 'chooseShop' }
  | { code: 'chooseProblem' }
  | { code: 'noteRequired' };

/** The day of the receipt: a real day, not after today in Rome, whose exit deadline has not passed. */
export function claimIssueDayIssue(value: string, today: string = romeToday()): ClaimRuleIssue | null {
  if (value.trim() === '') return { code: 'empty' };
  if (!isIsoDay(value)) return { code: 'dateInvalid' };
  if (value > today) return { code: 'dateNotFuture' };
  const deadline = exitDeadline(value);
  return deadline < today ? { code: 'exitDeadlinePassed', deadline } : null;
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The receipt's total in euros: above the smallest tax-free amount, in cents. */
export function claimAmountIssue(value: number): ClaimRuleIssue | null {
  if (!Number.isFinite(value)) return { code: 'amount' };
  if (value <= MIN_INVOICE_AMOUNT_EUR) return { code: 'amountAboveMinimum', min: MIN_INVOICE_AMOUNT_EUR };
  if (value > CLAIM_AMOUNT_MAX_EUR) return { code: 'amountTooLarge', max: CLAIM_AMOUNT_MAX_EUR };
  return hasAtMostTwoDecimals(value) ? null : { code: 'decimals' };
}

/** Digits of other scripts (Arabic-Indic, Persian, full width) and their separators, as the digits 0-9, `.` and `,`. */
function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19\u066b\u066c\uff0e\uff0c]/g, (char) => {
    const code = char.charCodeAt(0);
    if (code >= 0x0660 && code <= 0x0669) return String(code - 0x0660);
    if (code >= 0x06f0 && code <= 0x06f9) return String(code - 0x06f0);
    if (code >= 0xff10 && code <= 0xff19) return String(code - 0xff10);
    return char === '\u066b' || char === '\uff0e' ? '.' : ',';
  });
}

/** The decimal separator of a language's numbers (`,` in Italian, `.` in English). */
function decimalSeparatorOf(language: string): string {
  return new Intl.NumberFormat(toLocale(language)).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ===
    ','
    ? ','
    : '.';
}

/**
 * An amount as a traveler types it in `language` ("1.234,50" in Italian, "1,234.50" in English, "250.5" anywhere),
 * as a number; or what is wrong with it. A separator followed by one or two digits at the end is the decimal one; any
 * other groups thousands by threes. A lone separator before three digits is read as the page's language reads it
 * ("1.234" is 1234 in Italian, and has too many decimals in English).
 */
export function amountFromText(text: string, language: string): { amount: number } | { issue: ClaimRuleIssue } {
  const compact = westernDigits(text).replace(/[\s\u00a0\u202f'’€]/g, '');
  if (compact === '') return { issue: { code: 'empty' } };
  if (!/^\d[\d.,]*\d$|^\d$/.test(compact)) return { issue: { code: 'amount' } };
  const separators = compact.replace(/\d/g, '');
  const last = compact.search(/[.,]\d*$/);
  const decimals = last === -1 ? '' : compact.slice(last + 1);
  let whole = compact;
  let fraction = '';
  const localDecimal = decimalSeparatorOf(language);
  if (last !== -1 && (decimals.length <= 2 || (separators.length === 1 && compact[last] === localDecimal))) {
    // The decimal separator: nowhere else in the number.
    if (separators.indexOf(compact[last]!) !== separators.length - 1) return { issue: { code: 'amount' } };
    if (decimals.length > 2) return { issue: { code: 'decimals' } };
    whole = compact.slice(0, last);
    fraction = decimals;
  }
  if (!/^\d+$/.test(whole) && !/^\d{1,3}(\.\d{3})+$/.test(whole) && !/^\d{1,3}(,\d{3})+$/.test(whole))
    return { issue: { code: 'amount' } };
  return { amount: Number(`${whole.replace(/[.,]/g, '')}.${fraction || '0'}`) };
}

/** A note: optional unless `required`, at most CLAIM_NOTE_MAX_LENGTH characters. */
export function claimNoteIssue(value: string, required: boolean): ClaimRuleIssue | null {
  if (value.trim() === '') return required ? { code: 'noteRequired' } : null;
  return textIssue(value, CLAIM_NOTE_MAX_LENGTH);
}

/** The problems whose invoice the merchant cannot put right without being told what is wrong. */
export const noteRequiredFor = (problem: string) => problem === 'GOODS_AMOUNTS' || problem === 'OTHER';

/** A string field under one of the claim rules (ruleField of the account rules, with the claims' issues). */
const claimField = (check: (value: string) => ClaimRuleIssue | null) =>
  ruleField(check as (value: string) => AccountRuleIssue | null);

const invoiceNumber = ruleField((value) => textIssue(value, CLAIM_INVOICE_NUMBER_MAX_LENGTH));
const issueDay = (today: () => string) => claimField((value) => claimIssueDayIssue(value, today()));
const optionalNote = claimField((value) => claimNoteIssue(value, false));

/** A problem's note is required for some problems; told on the note. */
const noteOfProblem = z.superRefine<{ problem: string; note: string }>(({ problem, note }, context) => {
  if (noteRequiredFor(problem) && note.trim() === '')
    context.addIssue({ code: 'custom', path: ['note'], message: ruleMessage({ code: 'noteRequired' }) });
});

/**
 * The form "An invoice is missing?": the shop (its VAT number, chosen among those found), what the receipt shows and a
 * note. The total is read as `language` writes numbers; the day is checked against `today` in Rome.
 */
export function missingInvoiceClaimFormSchema(language: string, today: () => string = romeToday) {
  return z.object({
    shop: claimField((value) => (value.trim() === '' ? { code: 'chooseShop' } : null)),
    invoiceNumber,
    issueDate: issueDay(today),
    totalAmount: claimField((value) => {
      const read = amountFromText(value, language);
      return 'issue' in read ? read.issue : claimAmountIssue(read.amount);
    }),
    note: optionalNote,
  });
}
export type MissingInvoiceClaimValues = z.infer<ReturnType<typeof missingInvoiceClaimFormSchema>>;

/** The total the form's text says (the form has checked it). */
export const claimAmountOf = (values: { totalAmount: string }, language: string): number => {
  const read = amountFromText(values.totalAmount, language);
  return 'amount' in read ? read.amount : Number.NaN;
};

/** The same rules on the request body of `POST private/claims/missing-invoice`; `today` is the api's clock. */
export function missingInvoiceClaimBodySchema(today: () => string = romeToday) {
  return z.object({
    /** The VAT number of the shop, as the shop search answers it. */
    shopVatNumber: ruleField((value) => textIssue(value, 20)),
    invoiceNumber,
    /** The day printed on the receipt (ISO, Europe/Rome). */
    issueDate: issueDay(today),
    /** The total printed on the receipt, in euros. */
    totalAmount: z.number().check(
      z.superRefine((value, context) => {
        const issue = claimAmountIssue(value);
        if (issue) context.addIssue({ code: 'custom', message: ruleMessage(issue) });
      }),
    ),
    note: z.optional(optionalNote),
  });
}
export type MissingInvoiceClaimBody = z.infer<ReturnType<typeof missingInvoiceClaimBodySchema>>;

/** The form "Something is wrong on this invoice": what is wrong, and a note (required for goods, amounts and other). */
export const wrongInvoiceClaimFormSchema = z
  .object({
    problem: claimField((value) =>
      (CLAIM_PROBLEMS as readonly string[]).includes(value) ? null : { code: 'chooseProblem' },
    ),
    note: optionalNote,
  })
  .check(noteOfProblem);
export type WrongInvoiceClaimValues = z.infer<typeof wrongInvoiceClaimFormSchema>;

/** The request body of `POST private/claims/wrong-invoice`: the invoice (refund id), and the form's fields. */
export const wrongInvoiceClaimBodySchema = z
  .object({ idRichiestaRimborso: idSchema, problem: z.enum(CLAIM_PROBLEMS), note: z._default(optionalNote, '') })
  .check(noteOfProblem);
export type WrongInvoiceClaimBody = z.infer<typeof wrongInvoiceClaimBodySchema>;

/** `GET private/claims/shops?q=`: a shop's name or a part of its VAT number. */
export const shopQuerySchema = z.object({
  q: text().check(z.trim(), z.minLength(SHOP_QUERY_MIN_LENGTH), z.maxLength(SHOP_QUERY_MAX_LENGTH)),
});

/** A shop that issues tax-free invoices through Varco (a vendor, itself or through its intermediary). */
export const shopSchema = z.object({ vatNumber: z.string(), name: z.string() });
export type Shop = z.infer<typeof shopSchema>;
export const shopsResponseSchema = z.object({ shops: z.array(shopSchema) });

/**
 * A claim as the traveler who sent it reads it: what they sent and the merchant's answer. Never which invoice of the
 * merchant a claim about a missing invoice matched, nor whose it is. The codes are texts, so that a value a later api
 * adds reads as "other" in a remote released before it.
 */
export const claimSchema = z.object({
  id: z.int(),
  /** The claim's public code, `CL-<year>-<8 characters>`: what the merchant's mail names. */
  code: z.string(),
  /** MISSING or WRONG (CLAIM_KINDS). */
  kind: z.string(),
  /** OPEN, REISSUED, DECLINED or WITHDRAWN (CLAIM_STATES). */
  state: z.string(),
  vendorName: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  totalAmount: z.number(),
  /** What is wrong (CLAIM_PROBLEMS); null for a missing invoice. */
  problem: z.nullable(z.string()),
  note: z.nullable(z.string()),
  /** The traveler's invoice a claim about a wrong invoice names (its refund id); null for a missing invoice. */
  invoiceId: z.nullable(z.int()),
  createdAt: z.string(),
  /** When the merchant answered, or the traveler withdrew it. */
  closedAt: z.nullable(z.string()),
  /** Why the merchant declined (CLAIM_DECLINE_REASONS), and its note. */
  declineReason: z.nullable(z.string()),
  answerNote: z.nullable(z.string()),
  /** The invoice the merchant issued anew, now among the traveler's. */
  reissuedInvoice: z.nullable(z.object({ idRichiestaRimborso: z.int(), invoiceNumber: z.string() })),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimListResponseSchema = z.object({ claims: z.array(claimSchema), links: totalItemsSchema });

/** `GET private/claims`: a page of the traveler's claims, newest first; `invoice` and `state` narrow it. */
export const claimListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), CLAIMS_PAGE_SIZE),
  /** Only the claims about this invoice of the traveler's (its refund id). */
  invoice: z.optional(idParamSchema),
  state: z.optional(z.enum(CLAIM_STATES)),
});
