import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startMailCatcher, type MailCatcher } from '../../../deploy/mail-catcher/server.mjs';
import { buildApp } from '../app';
import { createPostgresDatabase, type DatabaseHandle } from '../db/database';
import { migrate, readMigrations } from '../db/migrator';
import { createVisaService } from '../modules/visas';
import { insertInvoice, stubQr, validTravel } from '../modules/visas/testing';
import { MIGRATIONS_DIR } from '../paths';
import { describeEachDatabase, logCollector, testConfig } from '../test/app';
import { postgresTestUrl } from '../test/databases';
import { signedInTraveler } from '../test/travelers';
import { until } from '../test/wait';

/** What the deadline job's clock says: the day before 2026-06-30, the exit deadline of the invoices issued in March 2026. */
const DEADLINE_CLOCK = new Date('2026-06-29T09:00:00Z');
const DUE_REQUESTS = 12;
const REMINDED_TRAVELERS = 6;
const INVOICES_EACH = 2;

/** The sum of `field` over the log lines of `message`: what the passes of one app say they did. */
const reported = (lines: Array<Record<string, unknown>>, message: string, field: string) =>
  lines.filter((line) => line.msg === message).reduce((sum, line) => sum + Number(line[field] ?? 0), 0);

/**
 * Two api instances on one PostgreSQL database, each with its own connection pool and every periodic job on (the visa
 * expiry, the exit deadline reminders, the mail dispatcher), started at once over the same due work: each request
 * expires once, each reminder is written once, each mail leaves once (docs/architecture.md, the background work).
 */
describeEachDatabase('the periodic jobs of two instances', ({ database, postgresOnly }) => {
  let catcher: MailCatcher;
  const pools: DatabaseHandle[] = [];

  before(async () => {
    await migrate(database(), readMigrations(MIGRATIONS_DIR));
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  });
  after(async () => {
    await catcher?.close();
    await Promise.all(pools.map((pool) => pool.close()));
  });

  it(
    'expire each request, write each reminder and send each mail once',
    postgresOnly('two instances claim the same rows over two pools at once'),
    async () => {
      const db = database().db;
      const visas = createVisaService(db, { qr: stubQr });
      // Pending requests 13 hours past their travel date: due to expire. Creating each enqueued its VISA_CREATED mail.
      const due: number[] = [];
      for (let index = 0; index < DUE_REQUESTS; index += 1) {
        const traveler = await signedInTraveler(db);
        const invoice = await insertInvoice(db, traveler.document);
        const { id } = await visas.create(traveler.id, { invoices: [invoice.id], travel: validTravel() });
        due.push(id);
      }
      await db
        .updateTable('visa_request')
        .set({ travel_date: new Date(Date.now() - 13 * 3_600_000) })
        .where('id', 'in', due)
        .execute();
      // Available invoices issued in March 2026: on the job's clock their exit deadline is tomorrow.
      const reminded: number[] = [];
      for (let index = 0; index < REMINDED_TRAVELERS; index += 1) {
        const traveler = await signedInTraveler(db);
        for (let each = 0; each < INVOICES_EACH; each += 1)
          reminded.push(
            (await insertInvoice(db, traveler.document, { issueDay: `2026-03-${String(10 + each).padStart(2, '0')}` }))
              .id,
          );
      }

      const instance = () => {
        const pool = createPostgresDatabase(postgresTestUrl(), { poolMax: 5 });
        pools.push(pool);
        const logs = logCollector();
        const app = buildApp(testConfig({ logLevel: 'info', smtpUrl: catcher.smtpUrl, mailPollMs: 20 }), {
          database: pool,
          logStream: logs.stream,
          // Short intervals and small batches: many passes of each job, those of the two instances interleaved.
          visaExpiry: { intervalMs: 10 },
          deadlineReminders: { intervalMs: 10, clock: () => DEADLINE_CLOCK },
          mailTuning: { batchSize: 2 },
        });
        return { app, logs };
      };
      const instances = [instance(), instance()];
      await Promise.all(instances.map(({ app }) => app.ready()));

      const expiredNotices = () =>
        db
          .selectFrom('notification')
          .select(['visa_request_id'])
          .where('kind', '=', 'VISA_EXPIRED')
          .where('visa_request_id', 'in', due)
          .execute();
      const reminders = () =>
        db
          .selectFrom('notification')
          .select(['invoice_id'])
          .where('kind', '=', 'EXIT_DEADLINE_1')
          .where('invoice_id', 'in', reminded)
          .execute();
      const unsent = async () =>
        (
          await db
            .selectFrom('mail_outbox')
            .select(db.fn.countAll<string>().as('count'))
            .where('sent_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).count;
      await until('every due request to expire', async () => (await expiredNotices()).length >= due.length);
      await until('every reminder to be written', async () => (await reminders()).length >= reminded.length);
      await until('every mail to be sent', async () => Number(await unsent()) === 0);
      // Closing waits for the passes under way: nothing is written or sent after this.
      await Promise.all(instances.map(({ app }) => app.close()));

      // Each request expired once: one transition, one notice.
      const requests = await db
        .selectFrom('visa_request')
        .select(['id', 'state_code'])
        .where('id', 'in', due)
        .execute();
      assert.deepEqual(
        requests.map((row) => row.state_code),
        Array<number>(due.length).fill(10),
      );
      assert.deepEqual(
        (await expiredNotices()).map((row) => row.visa_request_id).sort((a, b) => a! - b!),
        [...due].sort((a, b) => a - b),
      );
      // Each reminder once.
      assert.deepEqual(
        (await reminders()).map((row) => row.invoice_id).sort((a, b) => a! - b!),
        [...reminded].sort((a, b) => a - b),
      );

      // Each mail claimed once and received once: the catcher holds exactly the outbox, no message twice.
      const outbox = await db
        .selectFrom('mail_outbox')
        .select(['recipient', 'text_body', 'attempts', 'sent_at'])
        .execute();
      assert.equal(
        outbox.length,
        2 * DUE_REQUESTS + reminded.length,
        'a created and an expired notice per request, a reminder per invoice',
      );
      assert.ok(outbox.every((mail) => mail.attempts === 1 && mail.sent_at !== null));
      const key = (to: string, text: string) => `${to}\n${text.trim()}`;
      const received = catcher.messages().map((message) => key(message.to, message.text));
      assert.equal(new Set(received).size, received.length, 'no mail received twice');
      assert.deepEqual(received.sort(), outbox.map((mail) => key(mail.recipient, mail.text_body)).sort());

      // What the instances' passes say they did adds up to the same counts, once each.
      const lines = instances.map(({ logs }) => logs.lines());
      const total = (message: string, field: string) =>
        lines.reduce((sum, own) => sum + reported(own, message, field), 0);
      assert.equal(total('visa requests expired', 'expired'), due.length);
      assert.equal(total('exit deadline reminders written', 'written'), reminded.length);
      assert.equal(total('mail outbox pass', 'sent'), outbox.length);
    },
  );
});
