import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startPeriodicJob, type JobTimers } from './scheduler';

/** Timers driven by hand: `fire()` runs the one pending timeout and says after which delay it was due. */
function manualTimers() {
  let pending: { run: () => void; delayMs: number } | undefined;
  const timers: JobTimers = {
    setTimeout(run, delayMs) {
      pending = { run, delayMs };
      return pending;
    },
    clearTimeout(handle) {
      if (handle === pending) pending = undefined;
    },
  };
  return {
    timers,
    get pendingDelay() {
      return pending?.delayMs;
    },
    fire(): number {
      assert.ok(pending, 'a pass is scheduled');
      const { run, delayMs } = pending;
      pending = undefined;
      run();
      return delayMs;
    },
  };
}

const quietLogger = () => {
  const warnings: string[] = [];
  return { warnings, warn: (_details: object, message: string) => void warnings.push(message) };
};

/** A job whose passes end when the test says so. */
function controlledJob() {
  const ends: Array<() => void> = [];
  return {
    ends,
    run: () => new Promise<void>((resolve) => ends.push(resolve)),
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('periodic job scheduler', () => {
  it('runs the first pass after its first delay, then one interval after the end of each pass, never two at once', async () => {
    const clock = manualTimers();
    const job = controlledJob();
    startPeriodicJob(
      { name: 'test job', intervalMs: 1_000, firstDelayMs: 0, run: job.run },
      quietLogger(),
      clock.timers,
    );
    assert.equal(clock.fire(), 0);
    assert.equal(job.ends.length, 1);
    await settle();
    assert.equal(clock.pendingDelay, undefined, 'no next pass while one is under way');
    job.ends[0]!();
    await settle();
    assert.equal(clock.fire(), 1_000);
    assert.equal(job.ends.length, 2);
  });

  it('waits one interval before the first pass unless told otherwise', () => {
    const clock = manualTimers();
    startPeriodicJob({ name: 'test job', intervalMs: 600_000, run: async () => {} }, quietLogger(), clock.timers);
    assert.equal(clock.pendingDelay, 600_000);
  });

  it('logs a failed pass and goes on', async () => {
    const clock = manualTimers();
    const logger = quietLogger();
    let passes = 0;
    const run = async () => {
      passes += 1;
      if (passes === 1) throw new Error('database away');
    };
    startPeriodicJob({ name: 'test job', intervalMs: 50, run }, logger, clock.timers);
    clock.fire();
    await settle();
    assert.deepEqual(logger.warnings, ['test job failed']);
    clock.fire();
    await settle();
    assert.equal(passes, 2);
    assert.deepEqual(logger.warnings, ['test job failed']);
  });

  it('stops: waits for the pass under way and schedules no other', async () => {
    const clock = manualTimers();
    const job = controlledJob();
    const handle = startPeriodicJob({ name: 'test job', intervalMs: 50, run: job.run }, quietLogger(), clock.timers);
    clock.fire();
    let stopped = false;
    const stopping = handle.stop().then(() => {
      stopped = true;
    });
    await settle();
    assert.equal(stopped, false, 'the pass under way is awaited');
    job.ends[0]!();
    await stopping;
    assert.equal(clock.pendingDelay, undefined);
    assert.equal(job.ends.length, 1);
  });
});
