import type { ServerLanguage } from '@varco/contracts';
import { translate, type MessageKey, type MessageParams } from '../../i18n/messages';

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
] as const satisfies readonly NotificationKind[];

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

const LOCALE: Record<ServerLanguage, string> = { IT: 'it-IT', EN: 'en-GB' };
const money = (language: ServerLanguage, amount: number) =>
  new Intl.NumberFormat(LOCALE[language], { style: 'currency', currency: 'EUR' }).format(amount);
const day = (language: ServerLanguage, isoDay: string) =>
  new Intl.DateTimeFormat(LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

/**
 * The message of a notification in `language`: amounts as euros and days written out in that language. A kind this
 * version does not know (a row written by a newer one) shows as its name rather than failing the whole list.
 */
export function notificationMessage(
  kind: string,
  params: Readonly<Record<string, unknown>>,
  language: ServerLanguage,
): string {
  if (!isNotificationKind(kind)) return kind;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'amount' && typeof value === 'number') values[name] = money(language, value);
    else if (name === 'deadline' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      values[name] = day(language, value);
    else if (typeof value === 'string' || typeof value === 'number') values[name] = value;
  }
  return translate(language, `notification.${kind}` satisfies MessageKey, values satisfies MessageParams);
}
