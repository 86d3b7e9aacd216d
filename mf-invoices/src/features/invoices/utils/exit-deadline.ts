import { TIME_ZONE } from '@varco/contracts';

/** Fewer days than this left before the exit deadline: the traveler is warned (a warning look). */
export const EXIT_WARNING_DAYS = 7;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's date in Italy (SPEC §9 time zone) as an ISO day, whatever the reader's clock zone. */
export function todayInRome(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar day of an ISO day, as days since the epoch; null when it is not an ISO day. */
function epochDay(isoDay: string): number | null {
  const match = ISO_DAY.exec(isoDay);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) ? null : Math.round(time / DAY_MS);
}

export interface ExitDeadlineStatus {
  /** Whole calendar days from today (in Italy) to the deadline: 0 on the last day, negative once passed. */
  daysLeft: number;
  /** true when fewer than EXIT_WARNING_DAYS days are left, the passed deadline included. */
  warning: boolean;
}

/** How far the exit deadline (an ISO day, the last day to leave the EU) is from today in Italy; null if unreadable. */
export function exitDeadlineStatus(exitDeadline: string, now: Date = new Date()): ExitDeadlineStatus | null {
  const deadline = epochDay(exitDeadline);
  const today = epochDay(todayInRome(now));
  if (deadline === null || today === null) return null;
  const daysLeft = deadline - today;
  return { daysLeft, warning: daysLeft < EXIT_WARNING_DAYS };
}

/** true while the traveler may still leave the EU with the goods of the invoice (the deadline day included). */
export function isBeforeExitDeadline(exitDeadline: string, now: Date = new Date()): boolean {
  const status = exitDeadlineStatus(exitDeadline, now);
  return status !== null && status.daysLeft >= 0;
}
