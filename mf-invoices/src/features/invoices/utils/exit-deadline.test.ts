import { EXIT_WARNING_DAYS } from '@varco/contracts';
import { exitDeadlineStatus, isBeforeExitDeadline } from './exit-deadline';

describe('exitDeadlineStatus', () => {
  const at = (instant: string) => new Date(instant);

  it('counts whole calendar days to the deadline', () => {
    expect(exitDeadlineStatus('2025-06-30', at('2025-06-01T10:00:00Z'))).toEqual({ daysLeft: 29, warning: false });
    expect(exitDeadlineStatus('2025-06-30', at('2025-06-29T10:00:00Z'))).toEqual({ daysLeft: 1, warning: true });
  });

  it('is 0 on the last day and negative once passed', () => {
    expect(exitDeadlineStatus('2025-06-30', at('2025-06-30T21:59:00Z'))).toEqual({ daysLeft: 0, warning: true });
    // Midnight in Rome: the deadline day is over.
    expect(exitDeadlineStatus('2025-06-30', at('2025-06-30T22:00:00Z'))).toEqual({ daysLeft: -1, warning: true });
  });

  it(`warns below ${EXIT_WARNING_DAYS} days, not at ${EXIT_WARNING_DAYS}`, () => {
    expect(exitDeadlineStatus('2025-06-30', at('2025-06-23T10:00:00Z'))).toEqual({ daysLeft: 7, warning: false });
    expect(exitDeadlineStatus('2025-06-30', at('2025-06-24T10:00:00Z'))).toEqual({ daysLeft: 6, warning: true });
  });

  it('is not fooled by the change to summer time', () => {
    // 30 March 2025 has 23 hours in Rome.
    expect(exitDeadlineStatus('2025-03-31', at('2025-03-29T23:30:00Z'))?.daysLeft).toBe(1);
  });

  it('gives null for a value that is not an ISO day', () => {
    expect(exitDeadlineStatus('30/06/2025')).toBeNull();
    expect(exitDeadlineStatus('')).toBeNull();
  });
});

describe('isBeforeExitDeadline', () => {
  it('includes the deadline day itself', () => {
    expect(isBeforeExitDeadline('2025-06-30', new Date('2025-06-30T12:00:00Z'))).toBe(true);
    expect(isBeforeExitDeadline('2025-06-30', new Date('2025-07-01T12:00:00Z'))).toBe(false);
    expect(isBeforeExitDeadline('not a day', new Date('2025-06-01T12:00:00Z'))).toBe(false);
  });
});
