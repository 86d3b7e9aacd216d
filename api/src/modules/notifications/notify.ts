import type { ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { DEFAULT_PUBLIC_BASE_URL } from '../../config';
import type { Database } from '../../db/types';
import { enqueueMail, outboxMail, recipientName, type MailRequest, type OutboxMail } from '../mail';
import { notificationQueries } from './repository';
import {
  notificationMessage,
  type NotificationKind,
  type NotificationParams,
  type VisaNotificationKind,
} from './kinds';

/** Where the mail of a notification sends the traveler: the portal's notification list (docs/screens.md). */
export const NOTIFICATIONS_PAGE_PATH = '/protected/notifications';

/**
 * The portal origin the notification mails link to. notify() is called deep inside the state machine (transitions,
 * the expiry job, the merchant intake), which knows nothing of the configuration; the app sets this once from
 * PUBLIC_BASE_URL when it registers the notifications module (app.ts), as the traveler routes hand it to the
 * activation mail. One value per process: every app of a process is built from the same configuration.
 */
let portalBaseUrl = DEFAULT_PUBLIC_BASE_URL;

export function setNotificationPortalUrl(publicBaseUrl: string): void {
  portalBaseUrl = publicBaseUrl.replace(/\/+$/, '');
}

export interface NotifyInput<K extends NotificationKind> {
  travelerId: number;
  kind: K;
  params: NotificationParams[K];
  visaRequestId?: number | null;
  invoiceId?: number | null;
  /** A notification that must exist once (e.g. `deadline7:<invoiceId>`): a second call with the key does nothing. */
  dedupeKey?: string | null;
}

/** Who a traveler's notification mails go to, in which language (the traveler's row). */
export interface NotificationRecipient {
  email: string;
  language: ServerLanguage;
  nome: string;
  cognome: string;
}

/** The mail of a notification: its message in the traveler's language, and the link to the portal's list. */
function notificationMail<K extends NotificationKind>(
  recipient: NotificationRecipient,
  kind: K,
  params: NotificationParams[K],
): MailRequest<'notification'> {
  return {
    to: recipient.email,
    name: recipientName(recipient.nome, recipient.cognome),
    language: recipient.language,
    template: 'notification',
    params: {
      message: notificationMessage(kind, params, recipient.language),
      link: `${portalBaseUrl}${NOTIFICATIONS_PAGE_PATH}`,
    },
  };
}

/**
 * Writes a notification for the traveler and, when it was written (not a duplicate of `dedupeKey`), enqueues its
 * e-mail in the traveler's language. Pass the transaction of the change the notification tells about: both then
 * exist exactly when the change does. Returns the notification id, undefined for a duplicate.
 */
export async function notify<K extends NotificationKind>(
  trx: Kysely<Database>,
  input: NotifyInput<K>,
): Promise<number | undefined> {
  const id = await notificationQueries.insert(trx, {
    travelerId: input.travelerId,
    kind: input.kind,
    params: input.params,
    visaRequestId: input.visaRequestId ?? null,
    invoiceId: input.invoiceId ?? null,
    dedupeKey: input.dedupeKey ?? null,
  });
  if (id === undefined) return undefined;
  const traveler = await notificationQueries.recipient(trx, input.travelerId);
  await enqueueMail(trx, notificationMail(traveler, input.kind, input.params));
  return id;
}

/** notify() about a visa request: its traveler, with its request code. */
export async function notifyVisaRequest(
  trx: Kysely<Database>,
  requestId: number,
  kind: VisaNotificationKind,
): Promise<number | undefined> {
  const request = await notificationQueries.visaRequest(trx, requestId);
  return notify(trx, {
    travelerId: request.traveler_id,
    kind,
    params: { requestCode: request.request_code },
    visaRequestId: requestId,
  });
}

/** The rows of a notification about a visa request: the notification itself and its mail, ready to insert. */
export interface VisaNotificationRows {
  notification: { traveler_id: number; kind: VisaNotificationKind; params: string; visa_request_id: number };
  mail: OutboxMail;
}

/**
 * What notifyVisaRequest() writes, as rows, for a caller that has already read the request and its traveler and writes
 * them in the statement of the change itself (the exit point's scan). That caller calls the mail module's
 * mailsEnqueued() once they are written.
 */
export function visaNotificationRows(
  request: { id: number; requestCode: string; travelerId: number },
  recipient: NotificationRecipient,
  kind: VisaNotificationKind,
): VisaNotificationRows {
  const params = { requestCode: request.requestCode };
  return {
    notification: {
      traveler_id: request.travelerId,
      kind,
      params: JSON.stringify(params),
      visa_request_id: request.id,
    },
    mail: outboxMail(notificationMail(recipient, kind, params)),
  };
}
