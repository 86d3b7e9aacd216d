import type { Notification, ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { notFound } from '../../app-error';
import type { Database } from '../../db/types';
import { notificationMessage } from './kinds';
import { createNotificationRepository, type NotificationRow } from './repository';
import { UnreadCounts } from './unread-counts';

/** A notification as docs/domain.md shows it, its message rendered in `language`. */
export function toNotification(row: NotificationRow, language: ServerLanguage): Notification {
  return {
    id: row.id,
    dataInserimento: row.created_at.toISOString(),
    dataLettura: row.read_at ? row.read_at.toISOString() : null,
    tipoNotifica: { messaggio: notificationMessage(row.kind, row.params, language) },
  };
}

export interface NotificationServiceOptions {
  clock?: () => Date;
  /** The unread counts of this process; a new one, on this repository, by default. */
  counts?: UnreadCounts;
}

/** The signed-in traveler's notifications (docs/calls.md): each call reads and changes only the traveler's own. */
export function createNotificationService(db: Kysely<Database>, options: NotificationServiceOptions = {}) {
  const repository = createNotificationRepository(db);
  const clock = options.clock ?? (() => new Date());
  const counts = options.counts ?? new UnreadCounts((travelerId) => repository.unread(travelerId));

  return {
    repository,
    counts,

    async latest(travelerId: number, page: number, limit: number, language: ServerLanguage) {
      const { rows, total } = await repository.latest(travelerId, limit, page * limit);
      return { notifications: rows.map((row) => toNotification(row, language)), links: { totalItems: total } };
    },

    /** Marks one read (the first call sets dataLettura, later ones keep it); another traveler's or unknown: 404. */
    async markRead(travelerId: number, id: number, language: ServerLanguage): Promise<Notification> {
      const row = await repository.markRead(travelerId, id, clock());
      if (!row) throw notFound({ key: 'notification.notFound' });
      // At once here: the browser asks for the count right after, maybe before the database's message arrives.
      counts.changed(travelerId);
      return toNotification(row, language);
    },

    /** The unread count: from this process's memory (at once, not a promise) while no change was heard. */
    count(travelerId: number): { counter: number } | Promise<{ counter: number }> {
      const counter = counts.counter(travelerId);
      return typeof counter === 'number' ? { counter } : counter.then((value) => ({ counter: value }));
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
