import { INVOICE_AVAILABLE_STATES } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import { newestFirstPage } from '../../db/paging';
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
const ofTraveler = (db: Kysely<Database>, travelerId: number) =>
  db.selectFrom('notification as n').where('n.traveler_id', '=', travelerId);

export function createNotificationRepository(db: Kysely<Database>) {
  return {
    /** A page of the traveler's notifications, newest first (off notification_traveler_idx), and how many there are. */
    async latest(travelerId: number, limit: number, offset: number): Promise<NotificationPage> {
      return newestFirstPage(
        ofTraveler(db, travelerId),
        (query) => query.select(columns),
        { newest: 'n.created_at', tieBreak: 'n.id' },
        { limit, offset },
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

/** The queries of notify() and the reminder job; they take an executor so that they run in the caller's transaction. */
export const notificationQueries = {
  /** Writes a notification; its id, or undefined when one with the same dedupe key exists. */
  async insert(
    db: Kysely<Database>,
    values: {
      travelerId: number;
      kind: string;
      params: object;
      visaRequestId: number | null;
      invoiceId: number | null;
      dedupeKey: string | null;
    },
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('notification')
      .values({
        traveler_id: values.travelerId,
        kind: values.kind,
        params: JSON.stringify(values.params),
        visa_request_id: values.visaRequestId,
        invoice_id: values.invoiceId,
        dedupe_key: values.dedupeKey,
      })
      .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /** Who a traveler's notification mails go to, in which language. */
  recipient(db: Kysely<Database>, travelerId: number) {
    return db
      .selectFrom('traveler')
      .select(['email', 'language', 'nome', 'cognome'])
      .where('id', '=', travelerId)
      .executeTakeFirstOrThrow();
  },

  /** The traveler and the code of a visa request. */
  visaRequest(db: Kysely<Database>, requestId: number) {
    return db
      .selectFrom('visa_request')
      .select(['traveler_id', 'request_code'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
  },

  /**
   * Up to `limit` available invoices (not cancelled) of active travelers issued from `firstIssueDay` to `lastIssueDay`
   * (the month of issue of one exit deadline, computed by the caller with the contracts' rule), without a
   * notification of dedupe key `<keyPrefix>:<invoice id>`; by id.
   */
  dueForReminder(
    db: Kysely<Database>,
    due: { firstIssueDay: string; lastIssueDay: string; keyPrefix: string; limit: number },
  ) {
    return db
      .selectFrom('invoice as i')
      .innerJoin('traveler as t', (join) =>
        join.on(
          sql<boolean>`(t.tipo_documento, t.paese_documento, upper(t.numero_documento)) = (i.document_type, i.document_country, i.document_number)`,
        ),
      )
      .select(['i.id', 'i.invoice_number', 't.id as traveler_id'])
      .where('i.emission_date', '>=', sql<Date>`${due.firstIssueDay}::date`)
      .where('i.emission_date', '<=', sql<Date>`${due.lastIssueDay}::date`)
      .where('i.state_code', 'in', INVOICE_AVAILABLE_STATES)
      .where('i.cancelled_at', 'is', null)
      .where('t.status', '=', 'ACTIVE')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('notification as n')
              .select('n.id')
              .where('n.dedupe_key', '=', sql<string>`${`${due.keyPrefix}:`} || i.id`),
          ),
        ),
      )
      .orderBy('i.id')
      .limit(due.limit)
      .execute();
  },
};
