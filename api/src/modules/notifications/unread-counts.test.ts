import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnreadCounts } from './unread-counts';

/** A database stand-in whose reads the test answers one by one, with the value it gives. */
function slowStore() {
  const reads: Array<(counter: number) => void> = [];
  const load = () => new Promise<number>((resolve) => reads.push(resolve));
  return { load, reads };
}

describe('UnreadCounts', () => {
  it('reads a count once, then answers it from memory until the traveler’s notifications change', async () => {
    const values = new Map([[1, 3]]);
    let reads = 0;
    const counts = new UnreadCounts(async (travelerId) => {
      reads += 1;
      return values.get(travelerId) ?? 0;
    });
    assert.equal(await counts.counter(1), 3);
    assert.equal(counts.counter(1), 3, 'answered without waiting');
    assert.equal(reads, 1);
    values.set(1, 4);
    assert.equal(counts.counter(1), 3, 'no change heard yet');
    counts.changed(1);
    assert.equal(await counts.counter(1), 4);
    assert.equal(reads, 2);
  });

  it("tells a count it holds without ever reading one (the polling calls' warm path)", async () => {
    let reads = 0;
    const counts = new UnreadCounts(async () => {
      reads += 1;
      return 6;
    });
    assert.equal(counts.cached(1), undefined);
    assert.equal(reads, 0, 'nothing read');
    assert.equal(await counts.counter(1), 6);
    assert.equal(counts.cached(1), 6);
    counts.changed(1);
    assert.equal(counts.cached(1), undefined);
    assert.equal(reads, 1);
  });

  it('shares one read between concurrent callers', async () => {
    const store = slowStore();
    const counts = new UnreadCounts(store.load);
    const answers = [counts.counter(7), counts.counter(7), counts.counter(7)];
    assert.equal(store.reads.length, 1);
    store.reads[0]!(2);
    assert.deepEqual(await Promise.all(answers), [2, 2, 2]);
    assert.equal(counts.counter(7), 2);
  });

  it('does not keep a count read before a change, nor share that read with later callers', async () => {
    const store = slowStore();
    const counts = new UnreadCounts(store.load);
    const early = counts.counter(5);
    counts.changed(5);
    const late = counts.counter(5);
    assert.equal(store.reads.length, 2, 'the later caller reads again');
    store.reads[1]!(2);
    assert.equal(await late, 2);
    // The early read answers its caller what it read, but the count read after the change stays.
    store.reads[0]!(1);
    assert.equal(await early, 1);
    assert.equal(counts.counter(5), 2);
  });

  it('reads again after its lifetime, forgets everything on clear(), and keeps at most maxEntries', async () => {
    let now = 5_000;
    let reads = 0;
    const counts = new UnreadCounts(
      async () => {
        reads += 1;
        return 0;
      },
      { ttlMs: 1_000, maxEntries: 2, now: () => now },
    );
    await counts.counter(1);
    now = 6_000;
    counts.counter(1);
    assert.equal(reads, 1);
    now = 6_001;
    await counts.counter(1);
    assert.equal(reads, 2);

    await counts.counter(2);
    await counts.counter(3);
    assert.equal(counts.size, 2, 'the oldest went first');
    assert.equal(typeof counts.counter(3), 'number');
    assert.ok(counts.counter(1) instanceof Promise);
    await counts.counter(1);
    counts.clear();
    assert.equal(counts.size, 0);
  });
});
