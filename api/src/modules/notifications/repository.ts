import { sql, type Kysely } from 'kysely';
import { pageWithTotal, totalOverAll } from '../../db/paging';
import type { Database } from '../../db/types';

/** A notification as the traveler's calls read it. */
export interface NotificationRow {
  id: number;
  kind: string;
  params: Record<string, string | number>;
  created_at: Date;
  read_at: Date | null;
}

export interface NotificationPage {
  rows: NotificationRow[];
  total: number;
}

const columns = ['n.id', 'n.kind', 'n.params', 'n.created_at', 'n.read_at'] as const;

/** The notifications of one traveler: every query of this repository starts here, so none reaches another's. */
const ofTraveler = (db: Kysely<Database>, travelerId: number) => db.selectFrom('notification as n').where('n.traveler_id', '=', travelerId);

export function createNotificationRepository(db: Kysely<Database>) {
  return {
    /** A page of the traveler's notifications, newest first (off notification_traveler_idx), and how many there are. */
    async latest(travelerId: number, limit: number, offset: number): Promise<NotificationPage> {
      return pageWithTotal(
        ofTraveler(db, travelerId).select(columns).select(totalOverAll).orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(limit).offset(offset).execute(),
        offset,
        () => ofTraveler(db, travelerId).select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      );
    },

    /** One of the traveler's notifications; undefined when it is another's or unknown. */
    find(travelerId: number, id: number): Promise<NotificationRow | undefined> {
      return ofTraveler(db, travelerId).select(columns).where('n.id', '=', id).executeTakeFirst();
    },

    /**
     * Marks one of the traveler's notifications read at `now` if it is still unread, and answers it; an already read
     * one keeps its first read instant (a concurrent call waits for the row lock, then finds it read). Undefined when
     * it is another traveler's or unknown.
     */
    async markRead(travelerId: number, id: number, now: Date): Promise<NotificationRow | undefined> {
      const updated = await db
        .updateTable('notification as n')
        .set({ read_at: now })
        .where('n.id', '=', id)
        .where('n.traveler_id', '=', travelerId)
        .where('n.read_at', 'is', null)
        .returning(columns)
        .executeTakeFirst();
      return updated ?? this.find(travelerId, id);
    },

    /** How many of the traveler's notifications are unread: an index-only scan of notification_unread_idx. */
    async unread(travelerId: number): Promise<number> {
      const row = await db
        .selectFrom('notification')
        .select(sql<number>`count(*)::int`.as('counter'))
        .where('traveler_id', '=', travelerId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.counter;
    },
  };
}
