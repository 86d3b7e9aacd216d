// The mail module's face (api/README.md, "Modules"): the outbox others write to, and its dispatcher.
export {
  deleteMailsAddressedTo,
  enqueueMail,
  mailsEnqueued,
  outboxBacklog,
  outboxMail,
  recipientName,
  type MailRequest,
} from './outbox';
export type { OutboxMail } from './repository';
export { createMailDispatcher, type MailDispatcherOptions } from './dispatcher';
export { createSmtpSender } from './smtp-sender';
