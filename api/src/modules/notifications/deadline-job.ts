import { addDays, EXIT_WARNING_DAYS, firstIssueDayWithinDeadline, romeToday } from '@varco/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { schedulePeriodicJob } from '../../jobs/scheduler';
import { notify } from './notify';
import { notificationQueries } from './repository';

/**
 * The exit deadline reminders. A deadline is always the last day of a month (the end of the third month after the
 * month of issue), so the invoices due on a day are those issued in one month. Each reminder covers a window of days
 * rather than one day, so a run missed (every instance down for a while) is caught up by the next; the dedupe key
 * keeps it to one per invoice.
 */
const REMINDERS = [
  // At most a week away, and more than 1 day (the last one has its own reminder).
  { kind: 'EXIT_DEADLINE_7', from: 2, to: EXIT_WARNING_DAYS, key: 'deadline7' },
  { kind: 'EXIT_DEADLINE_1', from: 0, to: 1, key: 'deadline1' },
] as const;

/** Reminders written per transaction. */
const BATCH = 100;

/** The month ends (ISO days) from `today + from` to `today + to`. */
function monthEndsWithin(today: string, from: number, to: number): string[] {
  const days = [];
  for (let offset = from; offset <= to; offset += 1) {
    const day = addDays(today, offset);
    if (addDays(day, 1).endsWith('-01')) days.push(day);
  }
  return days;
}

/**
 * Writes the exit deadline reminders due at `now` (Europe/Rome days): EXIT_DEADLINE_7 and EXIT_DEADLINE_1 for every
 * available invoice (1, 30, not cancelled) of an active traveler whose deadline is that close, once per invoice and
 * kind (dedupe keys `deadline7:<invoiceId>`, `deadline1:<invoiceId>`), each with its mail. Several instances may run
 * it at once: a duplicate insert does nothing (and sends nothing). Returns how many reminders were written.
 */
export async function remindExitDeadlines(db: Kysely<Database>, now: Date): Promise<number> {
  const today = romeToday(now);
  let written = 0;
  for (const reminder of REMINDERS) {
    for (const deadline of monthEndsWithin(today, reminder.from, reminder.to)) {
      const firstIssueDay = firstIssueDayWithinDeadline(deadline);
      const lastIssueDay = addDays(firstIssueDayWithinDeadline(addDays(deadline, 1)), -1);
      for (;;) {
        const batch = await db.transaction().execute(async (trx) => {
          const window = { firstIssueDay, lastIssueDay, keyPrefix: reminder.key, limit: BATCH };
          const due = await notificationQueries.dueForReminder(trx, window);
          let inserted = 0;
          for (const invoice of due) {
            const id = await notify(trx, {
              travelerId: invoice.traveler_id,
              kind: reminder.kind,
              params: { invoiceNumber: invoice.invoice_number, deadline },
              invoiceId: invoice.id,
              dedupeKey: `${reminder.key}:${invoice.id}`,
            });
            if (id !== undefined) inserted += 1;
          }
          return { found: due.length, inserted };
        });
        written += batch.inserted;
        // A short batch was the last; a full one written by another instance (nothing inserted here) is left to it.
        if (batch.found < BATCH || batch.inserted === 0) break;
      }
    }
  }
  return written;
}

export interface DeadlineReminderOptions {
  /** How often the job runs (ms); every hour by default. */
  intervalMs?: number;
  /** False: this instance runs no job (another one does). */
  enabled?: boolean;
  /** The clock of the job (tests). */
  clock?: () => Date;
}

export const DEADLINE_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
/** The first pass runs this soon after start (or after `intervalMs`, if shorter): a restart does not skip an hour. */
const FIRST_PASS_MS = 60_000;

/**
 * Writes the exit deadline reminders (remindExitDeadlines) a minute after the app is ready and then every
 * `intervalMs`, never two passes at once in a process (jobs/scheduler.ts). Dedupe keys make several instances safe. Stopped on close.
 */
export const deadlineReminderPlugin = fp(
  async (app: FastifyInstance, options: DeadlineReminderOptions) => {
    if (options.enabled === false) return;
    const intervalMs = options.intervalMs ?? DEADLINE_REMINDER_INTERVAL_MS;
    const clock = options.clock ?? (() => new Date());
    const log = app.log.child({ module: 'deadline-reminders' });
    schedulePeriodicJob(app, {
      name: 'exit deadline reminder pass',
      intervalMs,
      firstDelayMs: Math.min(intervalMs, FIRST_PASS_MS),
      run: async () => {
        const written = await remindExitDeadlines(app.db, clock());
        if (written > 0) log.info({ written }, 'exit deadline reminders written');
      },
    });
  },
  { name: 'varco-deadline-reminders', dependencies: ['varco-db'] },
);
