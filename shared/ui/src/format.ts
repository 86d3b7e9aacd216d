import { CURRENCY, TIME_ZONE, toLocale } from '@varco/contracts/plain';

/**
 * An amount in euro, in the reader's language (docs/domain.md: it-IT or en-US). Thousands are always grouped: CLDR leaves
 * four-digit Italian amounts ungrouped (1234,56 €), while receipts and the release PDF write 1.234,56 €.
 */
export function formatAmount(amount: number, language: string): string {
  return new Intl.NumberFormat(toLocale(language), { style: 'currency', currency: CURRENCY, useGrouping: 'always' }).format(amount);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date in the reader's language. An ISO day (2025-03-14) is a calendar day and is shown as it is; an instant
 * is shown as the day it was in Italy (docs/domain.md time zone).
 */
export function formatDate(value: string, language: string): string {
  const day = ISO_DAY.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(toLocale(language), { dateStyle: 'medium', timeZone: day ? 'UTC' : TIME_ZONE }).format(date);
}

/** The hour and minutes of an instant in Italy (docs/domain.md: a request is shown with its sent date and hour). */
export function formatTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(toLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }).format(date);
}

/** A numeric id of an address segment (a refund id, a request id), or null when it is not one. */
export function parseId(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
