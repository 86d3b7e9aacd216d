import { EXIT_DEADLINE_MONTHS } from '@varco/contracts';

/** The agency's calendar is Europe/Rome (SPEC §9): "today", issue dates and deadlines are days there. */
const romeDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The ISO day (YYYY-MM-DD) of `now` in Europe/Rome. */
export function romeToday(now: Date = new Date()): string {
  return romeDay.format(now);
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The last day on which the goods of an invoice issued on `issueDay` may leave the EU: the end of the third month
 * after the month of issue (SPEC §1, §9), e.g. 2026-01-15 → 2026-04-30.
 */
export function exitDeadline(issueDay: string): string {
  const [year, month] = issueDay.split('-').map(Number) as [number, number];
  // Day 0 of a month is the last day of the month before it; months are 0-based in Date.UTC.
  return new Date(Date.UTC(year, month - 1 + EXIT_DEADLINE_MONTHS + 1, 0)).toISOString().slice(0, 10);
}

/** The ISO day `days` days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first issue day whose exit deadline is `today` or later: the first of the month three months before today's. */
export function firstIssueDayWithinDeadline(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - EXIT_DEADLINE_MONTHS, 1)).toISOString().slice(0, 10);
}
