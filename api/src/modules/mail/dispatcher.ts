import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { onMailEnqueued } from './outbox';
import { outboxQueries } from './repository';
import type { MailSender } from './smtp-sender';

/**
 * Sends the outbox (docs/architecture.md "The api"). Each pass claims a few due mails in one statement with
 * `FOR UPDATE SKIP LOCKED`, most urgent first (a sign-in code before bulk notifications), which also moves their
 * `next_attempt_at` forward by a short lease and counts the attempt; the mails are then sent outside any transaction,
 * and each is marked sent, rescheduled or given up. While the pass sends, it renews the lease of the mails it still
 * holds, so a live dispatcher keeps them however slow the SMTP server is, and the mails of a process that died come
 * back to the others within one lease (seconds, not minutes). So several api instances can run side by side, a slow
 * SMTP server never holds a database connection (PGlite has only one), and delivery is at least once: a mail can go
 * twice only if its claimer could not renew the lease for a whole lease while still sending.
 */

export interface DispatcherLogger {
  info(payload: object, message: string): void;
  warn(payload: object, message: string): void;
  error(payload: object, message: string): void;
}

export interface MailDispatcherOptions {
  db: Kysely<Database>;
  sender: MailSender;
  logger: DispatcherLogger;
  /** Time between two looks at the outbox when nothing wakes the dispatcher. */
  pollMs: number;
  /** Mails claimed per pass; small, so that one instance does not take everything while others idle. */
  batchSize?: number;
  /** Attempts before a mail is given up (kept with `failed_at` and `last_error`). */
  maxAttempts?: number;
  /** Wait after the first failure; doubled at each further failure, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed mail stays out of the others' reach unless its dispatcher renews it (every third of it). */
  leaseMs?: number;
  /**
   * Delay between an enqueue in this process and the pass it triggers: the enqueue usually runs in a transaction
   * that commits a moment later, and the pass must see the row.
   */
  wakeDelayMs?: number;
  /** Wraps every pass of the loop (the metrics count and time them); a failure must be rethrown as it was. */
  observePass?: (pass: () => Promise<DispatchResult>) => Promise<DispatchResult>;
}

export interface DispatchResult {
  claimed: number;
  sent: number;
  failed: number;
  gaveUp: number;
  released: number;
}

export interface MailDispatcher {
  /** Starts the loop: a pass now, then one every `pollMs`, and one shortly after each enqueue in this process. */
  start(): void;
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>;
  /** One pass, without the loop (tests, and the loop itself). */
  runOnce(): Promise<DispatchResult>;
}

export const MAIL_DEFAULTS = {
  batchSize: 10,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  leaseMs: 30_000,
  wakeDelayMs: 50,
} as const;

const MAX_ERROR_LENGTH = 1_000;

/** The wait before the next try after `attempts` failed ones: exponential, capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

export function createMailDispatcher(options: MailDispatcherOptions): MailDispatcher {
  const { db, sender, logger, pollMs } = options;
  const batchSize = options.batchSize ?? MAIL_DEFAULTS.batchSize;
  const maxAttempts = options.maxAttempts ?? MAIL_DEFAULTS.maxAttempts;
  const retryBaseMs = options.retryBaseMs ?? MAIL_DEFAULTS.retryBaseMs;
  const retryMaxMs = options.retryMaxMs ?? MAIL_DEFAULTS.retryMaxMs;
  const leaseMs = options.leaseMs ?? MAIL_DEFAULTS.leaseMs;
  const wakeDelayMs = options.wakeDelayMs ?? MAIL_DEFAULTS.wakeDelayMs;

  /**
   * Keeps the lease of the mails in `held` while a pass works on them. `confirmedAt` is when the lease was last known
   * to run for a whole `leaseMs` from then; a renewal that fails (the database is away) leaves it as it was.
   */
  function leaseKeeper(held: Set<number>) {
    const lease = { confirmedAt: Date.now(), renewing: Promise.resolve() };
    const renew = async () => {
      const ids = [...held];
      if (ids.length === 0) return;
      const startedAt = Date.now();
      try {
        await outboxQueries.renewLease(db, ids, leaseMs);
        lease.confirmedAt = startedAt;
      } catch (error) {
        logger.warn({ err: error }, 'mail lease not renewed');
      }
    };
    const timer = setInterval(() => {
      lease.renewing = lease.renewing.then(renew);
    }, leaseMs / 3);
    return {
      /** True while a send started now would be covered: the lease was renewed well within its length. */
      holds: () => Date.now() - lease.confirmedAt < leaseMs / 2,
      /** Lets the renewal in flight end, so that it cannot overwrite the outcome written after it. */
      settle: () => lease.renewing,
      stop: () => clearInterval(timer),
    };
  }

  async function runOnce(): Promise<DispatchResult> {
    const mails = (await outboxQueries.claim(db, batchSize, leaseMs)).sort(
      (a, b) => a.priority - b.priority || a.id - b.id,
    );
    const result: DispatchResult = { claimed: mails.length, sent: 0, failed: 0, gaveUp: 0, released: 0 };
    const held = new Set(mails.map((mail) => mail.id));
    const lease = leaseKeeper(held);
    /** The mail is done (whatever the outcome): no renewal touches it any more. */
    const finish = async (id: number) => {
      held.delete(id);
      await lease.settle();
    };
    try {
      for (const [index, mail] of mails.entries()) {
        if (!lease.holds()) {
          // The lease could not be renewed (the database is away): another instance may take these mails soon, so
          // this one must not send them. Give them back, unattempted, if the database lets us.
          const rest = mails.slice(index).map((item) => item.id);
          for (const id of rest) held.delete(id);
          await lease.settle();
          await outboxQueries.release(db, rest);
          result.released = rest.length;
          break;
        }
        try {
          await sender.send({
            id: mail.id,
            to: mail.recipient,
            language: mail.language,
            subject: mail.subject,
            text: mail.text_body,
            html: mail.html_body,
          });
        } catch (error) {
          await finish(mail.id);
          const lastError = errorText(error);
          if (mail.attempts >= maxAttempts) {
            await outboxQueries.giveUp(db, mail.id, lastError);
            logger.error({ mailId: mail.id, attempts: mail.attempts, error: lastError }, 'mail given up');
            result.gaveUp += 1;
          } else {
            const delayMs = retryDelayMs(mail.attempts, retryBaseMs, retryMaxMs);
            await outboxQueries.reschedule(db, mail.id, delayMs, lastError);
            logger.warn(
              { mailId: mail.id, attempts: mail.attempts, retryInMs: delayMs, error: lastError },
              'mail not sent; will retry',
            );
            result.failed += 1;
          }
          continue;
        }
        await finish(mail.id);
        await outboxQueries.markSent(db, mail.id);
        result.sent += 1;
      }
    } finally {
      lease.stop();
    }
    return result;
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = Infinity;
  let current: Promise<void> | undefined;
  /** A wake-up arrived during a pass: run another right after it. */
  let again = false;
  let unsubscribe: (() => void) | undefined;

  function schedule(delayMs: number): void {
    if (!running) return;
    // Keep an earlier timer: a wake-up never postpones a pass.
    if (timer && timerDue <= Date.now() + delayMs) return;
    clearTimeout(timer);
    timerDue = Date.now() + delayMs;
    timer = setTimeout(() => {
      timer = undefined;
      timerDue = Infinity;
      current = pass().finally(() => {
        current = undefined;
      });
    }, delayMs);
  }

  async function pass(): Promise<void> {
    again = false;
    let full = false;
    try {
      const result = await (options.observePass ? options.observePass(runOnce) : runOnce());
      if (result.sent > 0 || result.failed > 0 || result.gaveUp > 0) logger.info({ ...result }, 'mail outbox pass');
      // A full batch means more may be due: go on at once rather than wait a poll.
      full = result.claimed === batchSize;
    } catch (error) {
      // The database is down or restarting: try again at the next poll.
      logger.error({ err: error }, 'mail outbox pass failed');
    }
    schedule(full || again ? 0 : pollMs);
  }

  function wake(): void {
    if (current) again = true;
    else schedule(wakeDelayMs);
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      unsubscribe = onMailEnqueued(wake);
      schedule(0);
    },
    async stop() {
      running = false;
      unsubscribe?.();
      clearTimeout(timer);
      timer = undefined;
      timerDue = Infinity;
      await current;
    },
  };
}
