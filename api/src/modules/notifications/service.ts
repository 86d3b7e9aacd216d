import type { Notification, ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { notFound } from '../../app-error';
import type { Database } from '../../db/types';
import { notificationMessage } from './kinds';
import { createNotificationRepository, type NotificationRow } from './repository';

/** A notification as SPEC §3 shows it, its message rendered in `language`. */
export function toNotification(row: NotificationRow, language: ServerLanguage): Notification {
  return {
    id: row.id,
    dataInserimento: row.created_at.toISOString(),
    dataLettura: row.read_at ? row.read_at.toISOString() : null,
    tipoNotifica: { messaggio: notificationMessage(row.kind, row.params, language) },
  };
}

/** The signed-in traveler's notifications (SPEC §7): each call reads and changes only the traveler's own. */
export function createNotificationService(db: Kysely<Database>, clock: () => Date = () => new Date()) {
  const repository = createNotificationRepository(db);

  return {
    repository,

    async latest(travelerId: number, page: number, limit: number, language: ServerLanguage) {
      const { rows, total } = await repository.latest(travelerId, limit, page * limit);
      return { notifications: rows.map((row) => toNotification(row, language)), links: { totalItems: total } };
    },

    /** Marks one read (the first call sets dataLettura, later ones keep it); another traveler's or unknown: 404. */
    async markRead(travelerId: number, id: number, language: ServerLanguage): Promise<Notification> {
      const row = await repository.markRead(travelerId, id, clock());
      if (!row) throw notFound({ key: 'notification.notFound' });
      return toNotification(row, language);
    },

    async count(travelerId: number) {
      return { counter: await repository.unread(travelerId) };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
