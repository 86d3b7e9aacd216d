import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { migrate, readMigrations } from '../../db/migrator';
import { MIGRATIONS_DIR } from '../../paths';
import { describeEachDatabase } from '../../test/app';
import { redisForTests, testRedisPrefix } from '../../test/redis';
import { createMemoryLimitStore } from './memory-store';
import { createRedisLimitStore } from './redis-store';
import { createSqlLimitStore } from './sql-store';
import { hit, LimitStoreUnavailable, type LimitStore } from './store';

/** What every store must do: the same tests for the process, PostgreSQL (and PGlite's SQL) and Redis. */
function storeContract(open: () => LimitStore | Promise<LimitStore>, skip?: string) {
  let store: LimitStore | undefined;
  const live = () => {
    if (!store) throw new Error('opened in before()');
    return store;
  };
  let sequence = 0;
  const key = (name: string) => `${name}:${process.pid}:${(sequence += 1)}`;
  before(async () => {
    if (!skip) store = await open();
  });
  after(async () => store?.close());

  it('counts hits per key in a window that starts at the first hit', { skip }, async () => {
    const [a, b] = [key('a'), key('b')];
    assert.equal((await hit(live(), a, 60_000)).count, 1);
    assert.equal((await hit(live(), a, 60_000)).count, 2);
    const third = await hit(live(), a, 60_000);
    assert.equal(third.count, 3);
    assert.ok(third.resetInMs > 0 && third.resetInMs <= 60_000, `resetInMs ${third.resetInMs}`);
    assert.equal((await hit(live(), b, 60_000)).count, 1, 'keys are counted apart');
    assert.deepEqual((await live().peek(a))?.count, 3, 'peek does not count');
    assert.equal((await live().peek(a))?.count, 3);
    assert.equal(await live().peek(key('never')), undefined);
  });

  it('adds several keys at once, and 0 reads a total back', { skip }, async () => {
    const [a, b] = [key('a'), key('b')];
    const first = await live().add(
      [
        [a, 3],
        [b, 1],
      ],
      60_000,
    );
    assert.deepEqual([first.get(a)?.count, first.get(b)?.count], [3, 1]);
    const second = await live().add(
      [
        [b, 0],
        [a, 2],
      ],
      60_000,
    );
    assert.deepEqual([second.get(a)?.count, second.get(b)?.count], [5, 1]);
  });

  it('counts concurrent hits exactly once each', { skip }, async () => {
    const a = key('race');
    const counts = await Promise.all(
      Array.from({ length: 40 }, () => hit(live(), a, 60_000).then((tally) => tally.count)),
    );
    assert.deepEqual(
      [...counts].sort((x, y) => x - y),
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
  });

  it('forgets a reset key', { skip }, async () => {
    const a = key('reset');
    await hit(live(), a, 60_000);
    await live().reset([a]);
    assert.equal(await live().peek(a), undefined);
    assert.equal((await hit(live(), a, 60_000)).count, 1);
  });
}

/** Stores with the app's clock: an ended window starts again and is purged. */
function windowContract(open: (now: () => number) => LimitStore) {
  it('starts a new window after the end of the last one, and purges ended ones', async () => {
    let now = Date.now();
    const store = open(() => now);
    const a = `window:${process.pid}:${now}`;
    await hit(store, a, 1_000);
    assert.equal((await hit(store, a, 1_000)).count, 2);
    now += 1_000;
    assert.equal(await store.peek(a), undefined, 'ended');
    const fresh = await hit(store, a, 1_000);
    assert.deepEqual(fresh, { count: 1, resetInMs: 1_000 });
    now += 5_000;
    await store.purge();
    assert.equal(await store.peek(a), undefined);
  });
}

describe('limit store: the process (embedded database)', () => {
  storeContract(() => createMemoryLimitStore());
  windowContract((now) => createMemoryLimitStore(now));
});

describeEachDatabase('limit store: SQL', ({ database }) => {
  before(async () => {
    await migrate(database(), readMigrations(MIGRATIONS_DIR));
  });
  storeContract(() => createSqlLimitStore(database().db));
  windowContract((now) => createSqlLimitStore(database().db, now));

  it('deletes the rows of ended windows only', async () => {
    let now = Date.now();
    const store = createSqlLimitStore(database().db, () => now);
    const [short, long] = [`purge-short:${process.pid}`, `purge-long:${process.pid}`];
    await hit(store, short, 1_000);
    await hit(store, long, 60_000);
    now += 2_000;
    await store.purge();
    const keys = await database()
      .db.selectFrom('abuse_limit')
      .select('key')
      .where('key', 'in', [short, long])
      .execute();
    assert.deepEqual(
      keys.map((row) => row.key),
      [long],
    );
  });
});

describe('limit store: Redis', async () => {
  const redis = await redisForTests();
  describe('a live Redis', () => {
    storeContract(async () => {
      const store = createRedisLimitStore({ url: redis.url ?? '', prefix: testRedisPrefix() });
      assert.ok(await store.ready(5_000), 'connected');
      return store;
    }, redis.skip);
  });

  it('throws LimitStoreUnavailable at once when Redis cannot be reached', async () => {
    // Nothing listens on port 1.
    const store = createRedisLimitStore({ url: 'redis://127.0.0.1:1', prefix: testRedisPrefix() });
    try {
      await assert.rejects(hit(store, 'k', 1_000), LimitStoreUnavailable);
      await assert.rejects(store.peek('k'), LimitStoreUnavailable);
    } finally {
      await store.close();
    }
  });
});
