import type { LimitStore, Tally } from './store';

const PURGE_EVERY_HITS = 10_000;

/**
 * The counters in the process, for the embedded database (PGlite): it serves one process only (README "PGlite is one
 * process's database"), so the process is every instance there is, and its one connection is left to the requests.
 * Same windows as the other stores; ended windows are dropped as hits go by.
 */
export function createMemoryLimitStore(now: () => number = Date.now): LimitStore {
  const counters = new Map<string, { count: number; endsAt: number }>();
  let hits = 0;
  const live = (key: string, at: number) => {
    const counter = counters.get(key);
    return counter && counter.endsAt > at ? counter : undefined;
  };
  const store: LimitStore = {
    kind: 'memory',
    async add(additions, windowMs) {
      const at = now();
      if ((hits += additions.length) >= PURGE_EVERY_HITS) {
        hits = 0;
        await store.purge();
      }
      const totals = new Map<string, Tally>();
      for (const [key, amount] of additions) {
        const counter = live(key, at) ?? { count: 0, endsAt: at + windowMs };
        counter.count += amount;
        counters.set(key, counter);
        totals.set(key, { count: counter.count, resetInMs: counter.endsAt - at });
      }
      return totals;
    },
    async peek(key) {
      const at = now();
      const counter = live(key, at);
      return counter ? { count: counter.count, resetInMs: counter.endsAt - at } : undefined;
    },
    async reset(keys) {
      for (const key of keys) counters.delete(key);
    },
    async purge() {
      const at = now();
      for (const [key, counter] of counters) if (counter.endsAt <= at) counters.delete(key);
    },
    async close() {},
  };
  return store;
}
