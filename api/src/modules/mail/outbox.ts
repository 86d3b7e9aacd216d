import type { ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { outboxQueries, type OutboxMail } from './repository';
import { renderMail, type MailTemplateName, type MailTemplateParams } from './templates';

export { recipientName } from './templates';

/** The database or a transaction of it (a Kysely `Transaction` is a `Kysely`). */
export type MailExecutor = Kysely<Database>;

export interface MailRequest<N extends MailTemplateName> {
  to: string;
  /** Who the mail greets: recipientName(nome, cognome) of the traveler, null only when the name is not known. */
  name: string | null;
  language: ServerLanguage;
  template: N;
  params: MailTemplateParams[N];
}

/** The outbox priority of each template: 0 leaves first (someone waits at the screen for it), 1 is bulk. */
export const MAIL_PRIORITY: Readonly<Record<MailTemplateName, 0 | 1>> = {
  otp: 0,
  'password-reset': 0,
  activation: 0,
  notification: 1,
  'claim-received': 1,
};

/**
 * Listeners told that a mail was just enqueued in this process: the dispatchers, so that a mail leaves at once rather
 * than at the next poll. A Set and not an EventEmitter: tests start many apps and none should warn about listeners.
 */
const enqueueListeners = new Set<() => void>();

export function onMailEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** The outbox row of a mail: rendered now, written by `enqueueMail` or by a statement that writes other rows with it. */
export function outboxMail<N extends MailTemplateName>(request: MailRequest<N>): OutboxMail {
  const mail = renderMail(request.template, request.language, request.params, request.name);
  return {
    recipient: request.to,
    language: request.language,
    template: request.template,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    priority: MAIL_PRIORITY[request.template],
  };
}

/**
 * Tells this process's dispatchers that mails were written, so that they leave at once rather than at the next poll.
 * Inside a transaction the rows are not visible until it commits; the dispatcher waits a moment before looking (see
 * WAKE_DELAY_MS), and a mail it still misses goes at the next poll.
 */
export function mailsEnqueued(): void {
  for (const listener of enqueueListeners) listener();
}

/**
 * Renders the mail and writes it to the outbox through `executor`. Pass the transaction of the change that causes the
 * mail (a sign-up, an OTP): the mail then exists exactly when the change does, and a rollback takes it away too.
 * Returns the outbox id.
 */
export async function enqueueMail<N extends MailTemplateName>(
  executor: MailExecutor,
  request: MailRequest<N>,
): Promise<number> {
  const id = await outboxQueries.insert(executor, outboxMail(request));
  mailsEnqueued();
  return id;
}

/** Deletes every mail addressed to `recipient` (any case), sent or not: part of deleting an account's personal data. */
export function deleteMailsAddressedTo(executor: MailExecutor, recipient: string): Promise<void> {
  return outboxQueries.deleteAddressedTo(executor, recipient);
}

/** The mails still to send: how many, and the age of the oldest in seconds (null when none). The metrics read it. */
export function outboxBacklog(executor: MailExecutor): Promise<{ depth: number; oldestAgeSeconds: number | null }> {
  return outboxQueries.backlog(executor);
}
