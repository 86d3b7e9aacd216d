import { formatAmount, formatDate, formatTime } from './format';

describe('formatting per language (docs/domain.md)', () => {
  it('formats euro amounts for it-IT and en-US', () => {
    expect(formatAmount(1234.5, 'it_IT')).toBe('1.234,50\u00a0€');
    expect(formatAmount(1234.5, 'en_US')).toBe('€1,234.50');
  });

  it('shows an ISO day as that day, and an instant as the day in Italy', () => {
    expect(formatDate('2026-03-14', 'en_US')).toBe('Mar 14, 2026');
    expect(formatDate('2026-03-14', 'it_IT')).toBe('14 mar 2026');
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(formatDate('2026-12-31T23:30:00Z', 'en_US')).toBe('Jan 1, 2027');
  });

  it('gives the time of an instant in Italy', () => {
    expect(formatTime('2026-07-01T10:05:00Z', 'it_IT')).toBe('12:05');
  });
});
