import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createMemoryLimitStore } from './memory-store';
import type { LimitStore } from './store';
import { WindowCounter } from './window-counter';

it('counts the calls of each key per window, and says how long to wait past the limit', () => {
  let now = 120_000;
  const counter = new WindowCounter('test', 2, 60_000, () => now);
  assert.deepEqual([counter.take('a'), counter.take('a'), counter.take('b')], [0, 0, 0]);
  now = 150_500;
  assert.equal(counter.take('a'), 30, 'until the minute turns');
  now = 180_000;
  assert.equal(counter.take('a'), 0, 'a new minute');
});

it('says whether one more call would be admitted without counting it (the polling warm path asks first)', () => {
  let now = 120_000;
  const counter = new WindowCounter('test', 2, 60_000, () => now);
  assert.equal(counter.admits('a'), true);
  assert.equal(counter.admits('a'), true, 'asking counts nothing');
  assert.deepEqual([counter.take('a'), counter.take('a')], [0, 0]);
  assert.equal(counter.admits('a'), false, 'a third call would be refused');
  assert.equal(counter.admits('b'), true);
  now = 180_000;
  assert.equal(counter.admits('a'), true, 'a new minute');
});

/** Counts the store's calls: a key far from its limit must cost none. */
function countingStore(store: LimitStore) {
  const batches: Array<ReadonlyArray<readonly [string, number]>> = [];
  return {
    batches,
    store: {
      ...store,
      add: (hits: ReadonlyArray<readonly [string, number]>, windowMs: number) => (
        batches.push(hits),
        store.add(hits, windowMs)
      ),
    },
  };
}

it('shares only the keys that reach a tenth of the limit, then every instance sees the others’ hits after a flush', async () => {
  const now = () => 60_000;
  const { store, batches } = countingStore(createMemoryLimitStore(now));
  const [one, two] = [new WindowCounter('poll', 20, 60_000, now), new WindowCounter('poll', 20, 60_000, now)];
  one.hit('quiet');
  await one.flush(store);
  assert.equal(batches.length, 0, 'a key with 1 hit of 20 stays local');

  // Instance one: 2 hits (a tenth of 20) → shared; instance two: 2 more.
  one.hit('busy');
  one.hit('busy');
  await one.flush(store);
  two.hit('busy');
  assert.equal(two.hit('busy').count, 2, 'two has not flushed yet: it knows its own hits only');
  await two.flush(store);
  await one.flush(store);
  assert.equal(one.hit('busy').count, 5, 'one read two’s hits back');
  assert.equal(two.hit('busy').count, 5, 'two counts its own flushed hits once');
  assert.deepEqual(batches.at(-1), [['poll:1:busy', 0]], 'a known key without new hits is read back with 0');
});

it('keeps counting locally when the store cannot be reached (fails open)', async () => {
  const counter = new WindowCounter('poll', 3, 60_000, () => 0);
  const broken: LimitStore = { ...createMemoryLimitStore(), add: () => Promise.reject(new Error('down')) };
  counter.hit('a');
  await assert.rejects(counter.flush(broken));
  assert.equal(counter.take('a'), 0);
  assert.equal(counter.take('a'), 0);
  assert.ok(counter.take('a') > 0, 'the 4th hit of 3 is refused from the local count');
});
