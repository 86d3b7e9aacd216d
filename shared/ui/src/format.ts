import { CURRENCY, TIME_ZONE, toLocale } from '@varco/contracts/plain';

// Formatters are built once per language and kind and kept: building one (a time zone's above all) costs far more than
// using it, and a list formats an amount, a date and an hour for each of its items.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<Kind extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => Kind): Kind {
  let kept = formatters.get(key) as Kind | undefined;
  if (!kept) {
    kept = build();
    formatters.set(key, kept);
  }
  return kept;
}

/**
 * An amount in euro, in the reader's language (docs/domain.md: it-IT or en-US). Thousands are always grouped: CLDR leaves
 * four-digit Italian amounts ungrouped (1234,56 €), while receipts and the release PDF write 1.234,56 €.
 */
export function formatAmount(amount: number, language: string): string {
  const locale = toLocale(language);
  return formatter(
    `amount ${locale}`,
    () => new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY, useGrouping: 'always' }),
  ).format(amount);
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
  const locale = toLocale(language);
  const timeZone = day ? 'UTC' : TIME_ZONE;
  return formatter(
    `date ${locale} ${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
  ).format(date);
}

/** The hour and minutes of an instant in Italy (docs/domain.md: a request is shown with its sent date and hour). */
export function formatTime(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = toLocale(language);
  return formatter(
    `time ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }),
  ).format(date);
}
