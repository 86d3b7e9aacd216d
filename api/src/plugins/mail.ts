import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailDispatcher, type MailDispatcherOptions, createSmtpSender } from '../modules/mail';
import { traceMailSends } from '../telemetry/mail';

export interface MailPluginOptions {
  /** Unset: no dispatcher; mails wait in the outbox for an instance that has one. */
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  /** Retry and batch settings (tests shorten them). */
  tuning?: Omit<MailDispatcherOptions, 'db' | 'sender' | 'logger' | 'pollMs'>;
}

/** Runs the mail dispatcher while the app runs: started when the app is ready (migrations applied), stopped on close. */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    if (!options.smtpUrl) {
      app.log.warn('SMTP_URL is not set: mails are kept in the outbox and not sent by this instance');
      return;
    }
    const sender = traceMailSends(createSmtpSender(options.smtpUrl, options.from), options.smtpUrl);
    const dispatcher = createMailDispatcher({
      ...options.tuning,
      db: app.db,
      sender,
      logger: app.log.child({ module: 'mail' }),
      pollMs: options.pollMs,
    });
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      sender.close();
    });
  },
  { name: 'varco-mail', dependencies: ['varco-db'] },
);
