// The mail module's face (api/README.md, "Modules"): the outbox others write to, and its dispatcher.
export { deleteMailsAddressedTo, enqueueMail, outboxBacklog, recipientName } from './outbox';
export { createMailDispatcher, type MailDispatcherOptions } from './dispatcher';
export { createSmtpSender } from './smtp-sender';
