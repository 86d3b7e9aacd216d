import { toShortLanguage, type ServerLanguage } from '@varco/contracts';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** The outbox id: it names the mail's Message-ID, so a mail sent twice can be recognised as one. */
  id: number;
  to: string;
  language: ServerLanguage;
  subject: string;
  text: string;
  html: string;
}

/** Sends one mail or throws; the dispatcher depends on this and not on nodemailer, so tests can replace it. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The domain of the sender's address, for Message-IDs (`Varco <no-reply@varco.localhost>` → `varco.localhost`). */
function domainOf(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'varco.localhost';
}

/**
 * A sender over SMTP (`smtp://` or `smtps://`, with user and password in the URL when the server wants them). One
 * connection per mail: the dispatcher sends little, and a pooled connection would outlive a server restart badly.
 * The timeouts bound a send, so that a dead mail server does not stall the dispatcher (which renews its lease meanwhile).
 */
export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = domainOf(from);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<outbox-${mail.id}@${domain}>`,
        headers: {
          // The language's BCP 47 tag (`it`, `zh-Hans`, `pt-BR`...), as the page of the same language declares it.
          'Content-Language': toShortLanguage(mail.language),
          // RFC 3834: tells auto-responders (out of office) not to answer.
          'Auto-Submitted': 'auto-generated',
        },
      });
    },
    close: () => transport.close(),
  };
}
