import type { ServerLanguage } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { MailTemplateName } from './templates';

/** A rendered mail, as it is written to the outbox. */
export interface OutboxMail {
  recipient: string;
  language: ServerLanguage;
  template: MailTemplateName;
  subject: string;
  textBody: string;
  htmlBody: string;
  priority: number;
}

/** `now() + ms` computed by the database, so that instances with skewed clocks agree. */
const nowPlus = (ms: number) => sql<Date>`now() + ${ms}::double precision * interval '1 millisecond'`;

/**
 * The outbox's queries (docs/architecture.md "Jobs"). Each takes an executor: the database, or the transaction of the
 * change that causes a mail.
 */
export const outboxQueries = {
  /** Writes a mail, due at once; its id. */
  async insert(db: Kysely<Database>, mail: OutboxMail): Promise<number> {
    const row = await db
      .insertInto('mail_outbox')
      .values({
        recipient: mail.recipient,
        language: mail.language,
        template: mail.template,
        subject: mail.subject,
        text_body: mail.textBody,
        html_body: mail.htmlBody,
        priority: mail.priority,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * Claims up to `limit` due mails in one statement, most urgent first, skipping those another dispatcher holds: their
   * `next_attempt_at` moves forward by a lease of `leaseMs` and the attempt is counted.
   */
  claim(db: Kysely<Database>, limit: number, leaseMs: number) {
    return db
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: nowPlus(leaseMs) }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('priority')
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'recipient', 'language', 'subject', 'text_body', 'html_body', 'attempts', 'priority'])
      .execute();
  },

  /** Renews the lease of the claimed mails still unsent. */
  async renewLease(db: Kysely<Database>, ids: readonly number[], leaseMs: number): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: nowPlus(leaseMs) })
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .execute();
  },

  /** Gives claimed mails back, unattempted and due at once. */
  async release(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), next_attempt_at: sql<Date>`now()` }))
      .where('id', 'in', ids)
      .where('sent_at', 'is', null)
      .execute();
  },

  async markSent(db: Kysely<Database>, id: number): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ sent_at: sql<Date>`now()`, last_error: null })
      .where('id', '=', id)
      .execute();
  },

  /** A failed attempt: tried again in `delayMs`. */
  async reschedule(db: Kysely<Database>, id: number, delayMs: number, lastError: string): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: nowPlus(delayMs), last_error: lastError })
      .where('id', '=', id)
      .execute();
  },

  /** The last failed attempt: the mail is given up, kept with its error. */
  async giveUp(db: Kysely<Database>, id: number, lastError: string): Promise<void> {
    await db
      .updateTable('mail_outbox')
      .set({ failed_at: sql<Date>`now()`, last_error: lastError })
      .where('id', '=', id)
      .execute();
  },

  /**
   * The mails still to send (neither sent nor given up): how many, and the age in seconds of the oldest (null when
   * none). Read by the metrics at every scrape: the due index's partial predicate keeps it to the pending rows.
   */
  backlog(db: Kysely<Database>): Promise<{ depth: number; oldestAgeSeconds: number | null }> {
    return db
      .selectFrom('mail_outbox')
      .select([
        sql<number>`count(*)::int`.as('depth'),
        sql<number | null>`extract(epoch from now() - min(created_at))::float8`.as('oldestAgeSeconds'),
      ])
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow();
  },

  /** Deletes every mail addressed to `recipient` (any case), sent or not: a deleted account's personal data. */
  async deleteAddressedTo(db: Kysely<Database>, recipient: string): Promise<void> {
    await db
      .deleteFrom('mail_outbox')
      .where(sql<string>`lower(recipient)`, '=', recipient.toLowerCase())
      .execute();
  },
};

/** A mail of the outbox as the dispatcher sends it. */
export type ClaimedMail = Awaited<ReturnType<typeof outboxQueries.claim>>[number];
