import { daysBetween, EXIT_WARNING_DAYS, isIsoDay, romeToday } from '@varco/contracts';

export interface ExitDeadlineStatus {
  /** Whole calendar days from today (in Italy) to the deadline: 0 on the last day, negative once passed. */
  daysLeft: number;
  /** true when fewer than EXIT_WARNING_DAYS days are left, the passed deadline included. */
  warning: boolean;
}

/** How far the exit deadline (an ISO day, the last day to leave the EU) is from today in Italy; null if unreadable. */
export function exitDeadlineStatus(exitDeadline: string, now: Date = new Date()): ExitDeadlineStatus | null {
  if (!isIsoDay(exitDeadline)) return null;
  const daysLeft = daysBetween(romeToday(now), exitDeadline);
  return { daysLeft, warning: daysLeft < EXIT_WARNING_DAYS };
}

/** true while the traveler may still leave the EU with the goods of the invoice (the deadline day included). */
export function isBeforeExitDeadline(exitDeadline: string, now: Date = new Date()): boolean {
  const status = exitDeadlineStatus(exitDeadline, now);
  return status !== null && status.daysLeft >= 0;
}
