import { DATE_INPUT_MAX, isIsoDay, MINUTE_STEP, romeToday, romeWallTime } from '@varco/contracts';

/**
 * The departure clock of the wizard (docs/domain.md): the traveler picks a day, an hour and minutes as a wall time in
 * Italy (Europe/Rome), whatever the zone of the device; the server gets the UTC instant. Every function takes `now`,
 * so nothing here reads the device clock.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The minutes offered for any hour: 0, 5, ... 55 (docs/domain.md minute step 5). */
export const MINUTE_STEPS: readonly number[] = Array.from(
  { length: 60 / MINUTE_STEP },
  (_, index) => index * MINUTE_STEP,
);
export const HOURS: readonly number[] = Array.from({ length: 24 }, (_, index) => index);

function floorToMinute(time: number): number {
  return Math.floor(time / MINUTE_MS) * MINUTE_MS;
}

/** How far Rome is ahead of UTC at an instant, in minutes (60 in winter, 120 in summer). */
function romeOffsetMinutes(time: number): number {
  const wall = romeWallTime(new Date(time));
  const [year, month, day] = wall.day.split('-').map(Number) as [number, number, number];
  return (Date.UTC(year, month - 1, day, wall.hour, wall.minute) - floorToMinute(time)) / MINUTE_MS;
}

/**
 * The UTC instant of a wall time in Rome. null when that wall time does not exist: the hour skipped when summer
 * time starts (02:00-02:59 on the last Sunday of March). The hour lived twice when it ends (02:00-02:59 on the last
 * Sunday of October) is taken at its first occurrence, still in summer time.
 */
export function romeToUtc(day: string, hour: number, minute: number): Date | null {
  if (
    !isIsoDay(day) ||
    !Number.isInteger(hour) ||
    hour < 0 ||
    hour > 23 ||
    !Number.isInteger(minute) ||
    minute < 0 ||
    minute > 59
  )
    return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asIfUtc = Date.UTC(year, month - 1, date, hour, minute);
  // The offsets in force around that day: one of them is the offset of the wall time, if it exists.
  const offsets = new Set([
    romeOffsetMinutes(asIfUtc - DAY_MS),
    romeOffsetMinutes(asIfUtc),
    romeOffsetMinutes(asIfUtc + DAY_MS),
  ]);
  const matching = [...offsets]
    .map((offset) => asIfUtc - offset * MINUTE_MS)
    .filter((time) => {
      const wall = romeWallTime(new Date(time));
      return wall.day === day && wall.hour === hour && wall.minute === minute;
    })
    .sort((a, b) => a - b);
  return matching.length > 0 ? new Date(matching[0] as number) : null;
}

/** The departure as sent to the server (docs/domain.md: UTC ISO); null when the wall time does not exist. */
export function romeToUtcIso(day: string, hour: number, minute: number): string | null {
  return romeToUtc(day, hour, minute)?.toISOString() ?? null;
}

/**
 * The earliest departure that can still be chosen: the current minute rounded up to the next step of 5
 * (10:57 → 11:00, 10:55 → 10:55, 23:58 → 00:00 of the next day). Rome is a whole number of hours from UTC, so
 * rounding the instant rounds the wall time too, and a rounding that lands in the skipped hour lands after it.
 */
export function earliestDeparture(now: Date): Date {
  const step = MINUTE_STEP * MINUTE_MS;
  return new Date(Math.ceil(floorToMinute(now.getTime()) / step) * step);
}

/** The first day of the date input: today in Rome, or tomorrow once no slot of today is left (from 23:56). */
export function minDepartureDay(now: Date): string {
  return romeWallTime(earliestDeparture(now)).day;
}

/** The minutes that can be chosen for a day and hour: every step of 5 not in the past and not in a skipped hour. */
export function minuteOptions(day: string, hour: number, now: Date): number[] {
  const earliest = earliestDeparture(now).getTime();
  return MINUTE_STEPS.filter((minute) => {
    const instant = romeToUtc(day, hour, minute);
    return instant !== null && instant.getTime() >= earliest;
  });
}

/**
 * The hours that can be chosen for a day: from the current hour when the day is today (from the next one when no
 * step of 5 is left in it), none before today, and never the hour skipped when summer time starts.
 */
export function hourOptions(day: string, now: Date): number[] {
  if (!isIsoDay(day) || day > DATE_INPUT_MAX || day < romeToday(now)) return [];
  const earliest = earliestDeparture(now).getTime();
  const lastStep = MINUTE_STEPS[MINUTE_STEPS.length - 1] as number;
  // Rome skips or repeats whole hours: an hour has a step left when its last step exists and is not past.
  return HOURS.filter((hour) => {
    const instant = romeToUtc(day, hour, lastStep);
    return instant !== null && instant.getTime() >= earliest;
  });
}

/** docs/domain.md custom:dateMustBeInFuture: the departure is not earlier than the current minute. */
export function isInstantInFuture(instant: Date, now: Date): boolean {
  return floorToMinute(instant.getTime()) >= floorToMinute(now.getTime());
}

/** The same rule for a wall time in Rome, which must also exist. */
export function isDepartureInFuture(day: string, hour: number, minute: number, now: Date): boolean {
  const instant = romeToUtc(day, hour, minute);
  return instant !== null && isInstantInFuture(instant, now);
}
