import {
  addDays,
  daysBetween,
  exitDeadline,
  firstIssueDayWithinDeadline,
  isIsoDay,
  romeToday,
  romeWallTime,
} from './rome-calendar';

describe('the Rome calendar', () => {
  it('puts the exit deadline at the end of the third month after the issue', () => {
    expect(exitDeadline('2026-01-15')).toBe('2026-04-30');
    expect(exitDeadline('2026-01-01')).toBe('2026-04-30');
    expect(exitDeadline('2025-11-30')).toBe('2026-02-28');
    expect(exitDeadline('2027-11-03')).toBe('2028-02-29');
    expect(exitDeadline('2026-10-31')).toBe('2027-01-31');
  });

  it('counts today in Rome, not in UTC nor on the device', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome (UTC+1 in winter); summer time is UTC+2.
    expect(romeToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(romeToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(romeToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(romeWallTime(new Date('2025-01-15T22:58:00Z'))).toEqual({ day: '2025-01-15', hour: 23, minute: 58 });
    expect(romeWallTime(new Date('2025-07-15T22:58:00Z'))).toEqual({ day: '2025-07-16', hour: 0, minute: 58 });
  });

  it('accepts only real calendar days', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-2-1')).toBe(false);
    expect(isIsoDay('15/01/2025')).toBe(false);
    expect(isIsoDay('yesterday')).toBe(false);
  });

  it('finds the first issue day still within its exit deadline', () => {
    expect(firstIssueDayWithinDeadline('2026-11-21')).toBe('2026-08-01');
    expect(exitDeadline('2026-08-01')).toBe('2026-11-30');
    expect(exitDeadline('2026-07-31')).toBe('2026-10-31');
    expect(firstIssueDayWithinDeadline('2026-02-10')).toBe('2025-11-01');
  });

  it('adds and counts days across months, years and summer time', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-04-02')).toBe(5);
    expect(daysBetween('2026-04-02', '2026-03-28')).toBe(-5);
  });
});
