import {
  earliestDeparture,
  hourOptions,
  isDepartureInFuture,
  minDepartureDay,
  minuteOptions,
  romeToUtcIso,
} from './departure-clock';
import { romeToday, romeWallTime } from './rome-calendar';

const at = (instant: string) => new Date(instant);
const ALL_HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const ALL_MINUTES = [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55];

describe('romeToUtcIso (the travelDate sent to the server)', () => {
  it('converts winter time (UTC+1) and summer time (UTC+2)', () => {
    expect(romeToUtcIso('2025-01-15', 23, 58)).toBe('2025-01-15T22:58:00.000Z');
    expect(romeToUtcIso('2025-01-16', 0, 0)).toBe('2025-01-15T23:00:00.000Z');
    expect(romeToUtcIso('2025-07-16', 0, 30)).toBe('2025-07-15T22:30:00.000Z');
  });

  it('knows the last Sunday of March: 02:00-02:59 does not exist, 03:00 is summer time', () => {
    expect(romeToUtcIso('2025-03-30', 1, 55)).toBe('2025-03-30T00:55:00.000Z');
    expect(romeToUtcIso('2025-03-30', 2, 0)).toBeNull();
    expect(romeToUtcIso('2025-03-30', 2, 30)).toBeNull();
    expect(romeToUtcIso('2025-03-30', 3, 0)).toBe('2025-03-30T01:00:00.000Z');
    expect(romeToUtcIso('2025-03-29', 12, 0)).toBe('2025-03-29T11:00:00.000Z');
    expect(romeToUtcIso('2025-03-31', 12, 0)).toBe('2025-03-31T10:00:00.000Z');
  });

  it('knows the last Sunday of October: 02:00-02:59 is lived twice, the first (summer) one is taken', () => {
    expect(romeToUtcIso('2025-10-26', 1, 30)).toBe('2025-10-25T23:30:00.000Z');
    expect(romeToUtcIso('2025-10-26', 2, 30)).toBe('2025-10-26T00:30:00.000Z');
    expect(romeToUtcIso('2025-10-26', 3, 0)).toBe('2025-10-26T02:00:00.000Z');
    expect(romeToUtcIso('2025-10-27', 12, 0)).toBe('2025-10-27T11:00:00.000Z');
  });

  it('refuses what is not a wall time', () => {
    expect(romeToUtcIso('2025-02-30', 10, 0)).toBeNull();
    expect(romeToUtcIso('15/01/2025', 10, 0)).toBeNull();
    expect(romeToUtcIso('2025-01-15', 24, 0)).toBeNull();
    expect(romeToUtcIso('2025-01-15', 10, 60)).toBeNull();
  });
});

describe('earliest departure and minute rounding', () => {
  it('rounds the current minute up to the next step of 5', () => {
    expect(romeWallTime(earliestDeparture(at('2025-01-15T09:57:00Z')))).toEqual({
      day: '2025-01-15',
      hour: 11,
      minute: 0,
    });
    expect(romeWallTime(earliestDeparture(at('2025-01-15T09:55:40Z')))).toEqual({
      day: '2025-01-15',
      hour: 10,
      minute: 55,
    });
    expect(romeWallTime(earliestDeparture(at('2025-01-15T09:51:00Z')))).toEqual({
      day: '2025-01-15',
      hour: 10,
      minute: 55,
    });
  });

  it('offers from the rounded minute in the current hour, every step in later hours', () => {
    // 10:42 in Rome.
    const now = at('2025-01-15T09:42:10Z');
    expect(minuteOptions('2025-01-15', 10, now)).toEqual([45, 50, 55]);
    expect(minuteOptions('2025-01-15', 11, now)).toEqual(ALL_MINUTES);
    expect(minuteOptions('2025-01-15', 9, now)).toEqual([]);
    expect(hourOptions('2025-01-15', now)).toEqual(ALL_HOURS.slice(10));
    expect(hourOptions('2025-01-16', now)).toEqual(ALL_HOURS);
    expect(hourOptions('2025-01-14', now)).toEqual([]);
  });

  it('moves to the next hour at 10:57: nothing is left in 10', () => {
    const now = at('2025-01-15T09:57:00Z');
    expect(hourOptions('2025-01-15', now)[0]).toBe(11);
    expect(minuteOptions('2025-01-15', 10, now)).toEqual([]);
    expect(minuteOptions('2025-01-15', 11, now)).toEqual(ALL_MINUTES);
  });
});

describe('around midnight in Rome', () => {
  it('at 23:58 in Rome (22:58 UTC in winter) today is over: the first day is tomorrow, from 00:00', () => {
    const now = at('2025-01-15T22:58:00Z');
    expect(romeToday(now)).toBe('2025-01-15');
    expect(minDepartureDay(now)).toBe('2025-01-16');
    expect(hourOptions('2025-01-15', now)).toEqual([]);
    expect(hourOptions('2025-01-16', now)).toEqual(ALL_HOURS);
    expect(minuteOptions('2025-01-16', 0, now)).toEqual(ALL_MINUTES);
    expect(isDepartureInFuture('2025-01-15', 23, 55, now)).toBe(false);
    expect(isDepartureInFuture('2025-01-16', 0, 0, now)).toBe(true);
  });

  it('at 23:50 in Rome today still has 23:50 and 23:55', () => {
    const now = at('2025-01-15T22:50:00Z');
    expect(minDepartureDay(now)).toBe('2025-01-15');
    expect(hourOptions('2025-01-15', now)).toEqual([23]);
    expect(minuteOptions('2025-01-15', 23, now)).toEqual([50, 55]);
  });

  it('at 22:58 UTC in summer it is already 00:58 of the next day in Rome', () => {
    const now = at('2025-07-15T22:58:00Z');
    expect(minDepartureDay(now)).toBe('2025-07-16');
    expect(hourOptions('2025-07-16', now)).toEqual(ALL_HOURS.slice(1));
    expect(minuteOptions('2025-07-16', 1, now)).toEqual(ALL_MINUTES);
    expect(hourOptions('2025-07-15', now)).toEqual([]);
  });
});

describe('the changes of summer time', () => {
  it('never offers the skipped hour of the last Sunday of March', () => {
    const now = at('2025-03-20T10:00:00Z');
    expect(hourOptions('2025-03-30', now)).toEqual(ALL_HOURS.filter((hour) => hour !== 2));
    expect(minuteOptions('2025-03-30', 2, now)).toEqual([]);
  });

  it('goes from 01:58 straight to 03:00 on the last Sunday of March', () => {
    // 01:58 CET = 00:58 UTC; rounded up to 01:00 UTC, which is 03:00 CEST.
    const now = at('2025-03-30T00:58:00Z');
    expect(romeWallTime(earliestDeparture(now))).toEqual({ day: '2025-03-30', hour: 3, minute: 0 });
    expect(hourOptions('2025-03-30', now)).toEqual(ALL_HOURS.slice(3));
  });

  it('offers every hour once on the last Sunday of October', () => {
    const now = at('2025-10-20T10:00:00Z');
    expect(hourOptions('2025-10-26', now)).toEqual(ALL_HOURS);
  });

  it('judges the future by the instant across the change of October', () => {
    // 02:40 of the second pass (CET, 01:40 UTC): the 02:xx wall times are taken at their first pass, already gone.
    const now = at('2025-10-26T01:40:00Z');
    expect(romeWallTime(now)).toEqual({ day: '2025-10-26', hour: 2, minute: 40 });
    expect(isDepartureInFuture('2025-10-26', 2, 50, now)).toBe(false);
    expect(isDepartureInFuture('2025-10-26', 3, 0, now)).toBe(true);
    expect(hourOptions('2025-10-26', now)[0]).toBe(3);
  });
});

describe('isDepartureInFuture (custom:dateMustBeInFuture)', () => {
  it('accepts the current minute and later, refuses earlier and the skipped hour', () => {
    const now = at('2025-01-15T09:42:30Z');
    expect(isDepartureInFuture('2025-01-15', 10, 42, now)).toBe(true);
    expect(isDepartureInFuture('2025-01-15', 10, 40, now)).toBe(false);
    expect(isDepartureInFuture('2025-01-14', 23, 55, now)).toBe(false);
    expect(isDepartureInFuture('2025-03-30', 2, 30, now)).toBe(false);
  });
});
