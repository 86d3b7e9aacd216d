import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDays, exitDeadline, firstIssueDayWithinDeadline, isIsoDay, romeToday } from './calendar';

describe('the invoice calendar', () => {
  it('puts the exit deadline at the end of the third month after the issue', () => {
    assert.equal(exitDeadline('2026-01-15'), '2026-04-30');
    assert.equal(exitDeadline('2026-01-01'), '2026-04-30');
    assert.equal(exitDeadline('2025-11-30'), '2026-02-28');
    assert.equal(exitDeadline('2027-11-03'), '2028-02-29');
    assert.equal(exitDeadline('2026-10-31'), '2027-01-31');
  });

  it('counts today in Rome, not in UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome (UTC+1 in winter).
    assert.equal(romeToday(new Date('2026-12-31T23:30:00Z')), '2027-01-01');
    assert.equal(romeToday(new Date('2026-07-01T21:59:00Z')), '2026-07-01');
    assert.equal(romeToday(new Date('2026-07-01T22:00:00Z')), '2026-07-02');
  });

  it('accepts only real calendar days', () => {
    assert.equal(isIsoDay('2026-02-28'), true);
    assert.equal(isIsoDay('2026-02-29'), false);
    assert.equal(isIsoDay('2026-2-1'), false);
    assert.equal(isIsoDay('yesterday'), false);
  });

  it('finds the first issue day still within its exit deadline', () => {
    assert.equal(firstIssueDayWithinDeadline('2026-11-21'), '2026-08-01');
    assert.equal(exitDeadline('2026-08-01'), '2026-11-30');
    assert.equal(exitDeadline('2026-07-31'), '2026-10-31');
    assert.equal(firstIssueDayWithinDeadline('2026-02-10'), '2025-11-01');
  });

  it('adds days across months and years', () => {
    assert.equal(addDays('2026-12-30', 3), '2027-01-02');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  });
});
