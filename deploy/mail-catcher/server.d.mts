export interface CaughtMail {
  id: number;
  from: string;
  /** The recipients' addresses, comma separated. */
  to: string;
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
  subject: string;
  text: string;
  html: string;
  /** The mail's Content-Language header, when it has one. */
  language: string | null;
  /** ISO 8601. */
  date: string;
}

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  smtpPort: number;
  httpPort: number;
  /** Newest first. */
  messages(): CaughtMail[];
  clear(): void;
  close(): Promise<void>;
}

export function startMailCatcher(options?: { smtpPort?: number; httpPort?: number }): Promise<MailCatcher>;
