import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { observeJob } from '../jobs/scheduler';
import { createMailDispatcher, type MailDispatcherOptions, createSmtpSender, outboxBacklog } from '../modules/mail';
import { traceMailSends } from '../telemetry/mail';

export interface MailPluginOptions {
  /** Unset: no dispatcher; mails wait in the outbox for an instance that has one. */
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  /** Retry and batch settings (tests shorten them). */
  tuning?: Omit<MailDispatcherOptions, 'db' | 'sender' | 'logger' | 'pollMs' | 'observePass'>;
}

/** A scrape waits at most this long for the outbox's figures; past it they are left out of that scrape. */
const BACKLOG_TIMEOUT_MS = 2_000;

/** Runs the mail dispatcher while the app runs: started when the app is ready (migrations applied), stopped on close. */
export const mailPlugin = fp(
  async (app: FastifyInstance, options: MailPluginOptions) => {
    outboxMetrics(app);
    if (!options.smtpUrl) {
      app.log.warn('SMTP_URL is not set: mails are kept in the outbox and not sent by this instance');
      return;
    }
    const sent = app.metrics.counter({ name: 'varco_mail_sent_total', help: 'Mails handed to the SMTP server.' });
    const failures = app.metrics.counter({
      name: 'varco_mail_send_failures_total',
      help: 'Mails the SMTP server did not take, by outcome: retry (tried again later) or given_up (the last attempt).',
      labelNames: ['outcome'] as const,
    });
    const sender = traceMailSends(createSmtpSender(options.smtpUrl, options.from), options.smtpUrl);
    let observed: ReturnType<typeof observeJob> | undefined;
    const dispatcher = createMailDispatcher({
      ...options.tuning,
      db: app.db,
      sender,
      logger: app.log.child({ module: 'mail' }),
      pollMs: options.pollMs,
      // A pass is a run of the 'mail dispatcher' job; a pass that fails is one the database refused.
      observePass: async (pass) => {
        const result = await (observed ? observed(pass) : pass());
        sent.inc(result.sent);
        failures.inc({ outcome: 'retry' }, result.failed);
        failures.inc({ outcome: 'given_up' }, result.gaveUp);
        return result;
      },
    });
    app.addHook('onReady', async () => {
      observed = observeJob(app.metrics, 'mail dispatcher', options.pollMs);
      dispatcher.start();
    });
    app.addHook('onClose', async () => {
      await dispatcher.stop();
      sender.close();
    });
  },
  { name: 'varco-mail', dependencies: ['varco-db', 'varco-metrics'] },
);

/**
 * The outbox's depth and the age of its oldest mail, read from the database when Prometheus scrapes (every instance
 * reads the one table, with or without a dispatcher). A read that fails or is slow leaves both out of the scrape
 * rather than repeating old figures.
 */
function outboxMetrics(app: FastifyInstance): void {
  let reading: { at: number; figures: Promise<Awaited<ReturnType<typeof outboxBacklog>> | undefined> } | undefined;
  // Both gauges are collected at once: they share one read per scrape.
  const backlog = () => {
    const now = Date.now();
    if (!reading || now - reading.at > BACKLOG_TIMEOUT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), BACKLOG_TIMEOUT_MS);
      });
      const read = outboxBacklog(app.db).catch(() => undefined);
      reading = { at: now, figures: Promise.race([read, timeout]).finally(() => clearTimeout(timer)) };
    }
    return reading.figures;
  };
  app.metrics.gauge({
    name: 'varco_mail_outbox_depth',
    help: 'Mails in the outbox still to send (neither sent nor given up).',
    async collect() {
      const figures = await backlog();
      if (figures) this.set(figures.depth);
      else this.reset();
    },
  });
  app.metrics.gauge({
    name: 'varco_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail still to send, in seconds (0 when there is none).',
    async collect() {
      const figures = await backlog();
      if (figures) this.set(figures.oldestAgeSeconds ?? 0);
      else this.reset();
    },
  });
}
