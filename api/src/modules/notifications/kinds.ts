import { toLocale, type ServerLanguage } from '@varco/contracts';
import { isMessageKey, translate, type MessageKey, type MessageParams } from '../../i18n/messages';

/**
 * The kinds of notification and the values of their messages (`notification.<kind>` in i18n/messages.ts). A
 * notification stores its kind and these values, not a text: the text is rendered when it is read, in the language
 * of the request, so the list follows the interface language while the mail follows the traveler's own.
 */
export interface NotificationParams {
  /** A merchant issued an invoice on the traveler's document (merchant intake). */
  INVOICE_MATCHED: { invoiceNumber: string; vendor: string; amount: number };
  /** The traveler created a visa request. */
  VISA_CREATED: { requestCode: string };
  /** Green light from the traveler's analysis: 50 in completion, go airside. */
  RISK_GREEN: { requestCode: string };
  /** Yellow or red light: 20 customs check, go to the customs office. */
  CUSTOMS_CHECK: { requestCode: string };
  /** 100 completed with its invoices granted: the exit scan of a request in completion, or a green scan at once. */
  VISA_GRANTED: { requestCode: string };
  /** 100 completed after the officer's decisions on the invoices under check. */
  VISA_DECIDED: { requestCode: string };
  /** 10 expired: not scanned within 12 hours of the travel date. */
  VISA_EXPIRED: { requestCode: string };
  /** An available invoice's exit deadline (ISO day) is at most 7 days away (and more than 1). */
  EXIT_DEADLINE_7: { invoiceNumber: string; deadline: string };
  /** An available invoice's exit deadline (ISO day) is tomorrow or today. */
  EXIT_DEADLINE_1: { invoiceNumber: string; deadline: string };
  /** The traveler added a passkey (modules/passkeys), named so. */
  PASSKEY_ADDED: { name: string };
  /** The traveler removed a passkey. */
  PASSKEY_REMOVED: { name: string };
  /** A merchant answered the traveler's claim by issuing the invoice again (modules/claims). */
  CLAIM_REISSUED: { claimCode: string; invoiceNumber: string; vendor: string };
  /** A merchant declined the traveler's claim, for `reason` (a decline reason of @varco/contracts/claims). */
  CLAIM_DECLINED: { claimCode: string; invoiceNumber: string; vendor: string; reason: string };
}

export type NotificationKind = keyof NotificationParams;

/** The kinds about a visa request, whose only value is its request code. */
export type VisaNotificationKind = {
  [K in NotificationKind]: NotificationParams[K] extends { requestCode: string } ? K : never;
}[NotificationKind];

export const NOTIFICATION_KINDS = [
  'INVOICE_MATCHED',
  'VISA_CREATED',
  'RISK_GREEN',
  'CUSTOMS_CHECK',
  'VISA_GRANTED',
  'VISA_DECIDED',
  'VISA_EXPIRED',
  'EXIT_DEADLINE_7',
  'EXIT_DEADLINE_1',
  'PASSKEY_ADDED',
  'PASSKEY_REMOVED',
  'CLAIM_REISSUED',
  'CLAIM_DECLINED',
] as const satisfies readonly NotificationKind[];

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/**
 * The locale of a language's messages. English messages write the day before the month ("30 April 2026"), as they
 * always have, which reads better inside a sentence than en-US's "April 30, 2026".
 */
const localeOf = (language: ServerLanguage): string => (language === 'EN' ? 'en-GB' : toLocale(language));

/** Built once per language: a formatter costs far more to build than to use. */
const formatters = new Map<ServerLanguage, { money: Intl.NumberFormat; day: Intl.DateTimeFormat }>();
function formattersOf(language: ServerLanguage) {
  let kept = formatters.get(language);
  if (!kept) {
    const locale = localeOf(language);
    kept = {
      money: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }),
      // A deadline is a calendar day (ISO), not an instant: formatted in UTC, it stays the day it names.
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    };
    formatters.set(language, kept);
  }
  return kept;
}
const money = (language: ServerLanguage, amount: number) => formattersOf(language).money.format(amount);
const day = (language: ServerLanguage, isoDay: string) =>
  formattersOf(language).day.format(new Date(`${isoDay}T00:00:00Z`));

/** The sentence of a claim's decline reason in `language`; a reason this version does not know reads as "other". */
function declineReason(language: ServerLanguage, reason: string): string {
  const key = `claim.declineReason.${reason}`;
  return translate(language, isMessageKey(key) ? key : 'claim.declineReason.OTHER');
}

/**
 * A notification's stored values as its message shows them in `language`: amounts as euros, days written out, a
 * claim's decline reason as its sentence.
 */
export function notificationValues(params: Readonly<Record<string, unknown>>, language: ServerLanguage): MessageParams {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'amount' && typeof value === 'number') values[name] = money(language, value);
    else if (name === 'deadline' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      values[name] = day(language, value);
    else if (name === 'reason' && typeof value === 'string') values[name] = declineReason(language, value);
    else if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return values;
}

/**
 * The message of a notification in `language` (`notificationValues`). A kind this version does not know (a row
 * written by a newer one) shows as its name rather than failing the whole list.
 */
export function notificationMessage(
  kind: string,
  params: Readonly<Record<string, unknown>>,
  language: ServerLanguage,
): string {
  if (!isNotificationKind(kind)) return kind;
  return translate(language, `notification.${kind}` satisfies MessageKey, notificationValues(params, language));
}
