import type { LimitStore, Tally } from './store';

/**
 * A limit of the busiest calls (the polling calls, the app-wide limit per address), counted in the process and shared
 * through the store in batches: a hit costs a Map update, never a round trip. Windows are aligned on the clock
 * (`floor(now / windowMs)`), so every instance counts the same window under the same store key.
 *
 * `flush()` (every second, `plugin.ts`) sends the hits of this window of each key that has reached `shareFrom` here
 * (10% of the limit) or that the store already knows, and reads back the totals of all instances; a hit then counts
 * the last total read plus this instance's hits since. A key stays local while it is far from its limit (a traveler
 * polling 4 times a minute never costs a write); past that, an instance sees the others' hits at most a flush late.
 * With n instances the limit is reached at `max` plus at most (n - 1) × `shareFrom` plus one second of traffic. If the
 * store cannot be reached the counts stay local: these calls fail open.
 */
export class WindowCounter {
  private window = Number.NaN;
  /** Hits counted here in this window and not yet in the store. */
  private readonly local = new Map<string, number>();
  /** The store's total (all instances) at the last flush, for the keys it knows. */
  private readonly shared = new Map<string, number>();

  constructor(
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly shareFrom = Math.max(1, Math.ceil(max / 10)),
  ) {}

  /** Counts a hit of `key`: its count in this window as far as this instance knows. */
  hit(key: string): Tally {
    const now = this.now();
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.local.clear();
      this.shared.clear();
    }
    const local = (this.local.get(key) ?? 0) + 1;
    this.local.set(key, local);
    return { count: (this.shared.get(key) ?? 0) + local, resetInMs: (window + 1) * this.windowMs - now };
  }

  /**
   * Whether one more hit of `key` would be within the limit, without counting it: the polling calls' warm path
   * (plugins/polling-path.ts) asks before it answers, and leaves a refusal to the route's own `take`, so a refused call
   * is counted once, as on one path.
   */
  admits(key: string): boolean {
    if (Math.floor(this.now() / this.windowMs) !== this.window) return this.max >= 1;
    return (this.shared.get(key) ?? 0) + (this.local.get(key) ?? 0) + 1 <= this.max;
  }

  /** Counts a hit of `key`: 0 while within the limit, else the seconds until the window ends. */
  take(key: string): number {
    const { count, resetInMs } = this.hit(key);
    return count > this.max ? Math.ceil(resetInMs / 1000) : 0;
  }

  /** Sends this instance's new hits of the keys worth sharing and reads back every instance's totals. */
  async flush(store: LimitStore): Promise<void> {
    // One batch at a time: two would both send the hits not yet acknowledged.
    while (this.flushing) await this.flushing;
    this.flushing = this.send(store).finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private flushing: Promise<void> | undefined;

  private async send(store: LimitStore): Promise<void> {
    const window = this.window;
    const sent = new Map<string, number>();
    for (const [key, hits] of this.local) if (hits >= this.shareFrom || this.shared.has(key)) sent.set(key, hits);
    // Known keys without new hits here are read again (the other instances' hits).
    const keys = new Set([...sent.keys(), ...this.shared.keys()]);
    if (keys.size === 0) return;
    const storeKey = (key: string) => `${this.name}:${window}:${key}`;
    const totals = await store.add(
      [...keys].map((key) => [storeKey(key), sent.get(key) ?? 0] as const),
      this.windowMs,
    );
    if (this.window !== window) return;
    for (const key of keys) {
      const total = totals.get(storeKey(key));
      if (!total) continue;
      this.shared.set(key, total.count);
      // Hits counted while the batch was on its way stay local until the next flush.
      const left = (this.local.get(key) ?? 0) - (sent.get(key) ?? 0);
      if (left > 0) this.local.set(key, left);
      else this.local.delete(key);
    }
  }
}
