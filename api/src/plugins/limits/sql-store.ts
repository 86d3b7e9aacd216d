import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { LimitStore, Tally } from './store';

/**
 * The counters in PostgreSQL (migration 0016): one upsert per call, whatever the number of keys, atomic per key (the
 * row lock of `on conflict do update`). Keys are sorted so that two instances adding the same keys lock them in the
 * same order (no deadlock). `now` is the app's clock (tests move it).
 */
export function createSqlLimitStore(db: Kysely<Database>, now: () => number = Date.now): LimitStore {
  return {
    kind: 'postgres',

    async add(hits, windowMs) {
      const totals = new Map<string, Tally>();
      if (hits.length === 0) return totals;
      const at = now();
      const sorted = [...hits].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const keys = sorted.map(([key]) => key);
      const amounts = sorted.map(([, amount]) => amount);
      const current = new Date(at);
      const rows = await sql<{ key: string; count: number; expires_at: Date }>`
        insert into abuse_limit as l (key, count, expires_at)
        select key, amount, ${new Date(at + windowMs)}::timestamptz
        from unnest(${keys}::text[], ${amounts}::int[]) with ordinality as hit(key, amount, position)
        order by position
        on conflict (key) do update set
          count = case when l.expires_at <= ${current}::timestamptz then excluded.count else l.count + excluded.count end,
          expires_at = case when l.expires_at <= ${current}::timestamptz then excluded.expires_at else l.expires_at end
        returning key, count, expires_at`.execute(db);
      for (const row of rows.rows)
        totals.set(row.key, { count: row.count, resetInMs: Math.max(0, new Date(row.expires_at).getTime() - at) });
      return totals;
    },

    async peek(key) {
      const at = now();
      const row = await db
        .selectFrom('abuse_limit')
        .select(['count', 'expires_at'])
        .where('key', '=', key)
        .where('expires_at', '>', new Date(at))
        .executeTakeFirst();
      return row ? { count: row.count, resetInMs: new Date(row.expires_at).getTime() - at } : undefined;
    },

    async reset(keys) {
      if (keys.length > 0) await db.deleteFrom('abuse_limit').where('key', 'in', keys).execute();
    },

    async purge() {
      await db.deleteFrom('abuse_limit').where('expires_at', '<=', new Date(now())).execute();
    },

    async close() {},
  };
}
