import { EXIT_DEADLINE_MONTHS, TIME_ZONE } from './constants';

/**
 * The agency's calendar, written once for the api and every browser: "today", issue days, deadlines and departures
 * are days and wall times in Italy (Europe/Rome), whatever the zone of the server or the device. Days are ISO days
 * (YYYY-MM-DD); every function that needs the clock takes `now`, so tests choose the instant.
 */

/** A wall time in Rome: an ISO day, hour 0-23, minute 0-59. */
export interface RomeWallTime {
  day: string;
  hour: number;
  minute: number;
}

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Built on first use, not when the module loads: a formatter with a time zone costs milliseconds to build (tens on a
// slow phone), and this module is on every page's start-up path, most of which never ask for the clock in Rome.
let romeFormat: Intl.DateTimeFormat | undefined;

/** The wall time in Rome at an instant (seconds dropped). */
export function romeWallTime(instant: Date): RomeWallTime {
  romeFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = romeFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  // Some engines write midnight as 24 even with h23.
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
  };
}

/** Today in Rome, as an ISO day. */
export function romeToday(now: Date = new Date()): string {
  return romeWallTime(now).day;
}

/** true for a real calendar day written as an ISO day (2025-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The ISO day `days` days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole calendar days from one ISO day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * The last day on which the goods of an invoice issued on `issueDay` may leave the EU: the end of the third month
 * after the month of issue, e.g. 2026-01-15 → 2026-04-30.
 */
export function exitDeadline(issueDay: string): string {
  const [year, month] = issueDay.split('-').map(Number) as [number, number];
  // Day 0 of a month is the last day of the month before it; months are 0-based in Date.UTC.
  return new Date(Date.UTC(year, month - 1 + EXIT_DEADLINE_MONTHS + 1, 0)).toISOString().slice(0, 10);
}

/** The first issue day whose exit deadline is `today` or later: the first of the month three months before today's. */
export function firstIssueDayWithinDeadline(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 - EXIT_DEADLINE_MONTHS, 1)).toISOString().slice(0, 10);
}
