import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { sql } from 'kysely';
import { startMailCatcher, type MailCatcher } from '../../../../deploy/mail-catcher/server.mjs';
import { migrate, readMigrations } from '../../db/migrator';
import { MIGRATIONS_DIR } from '../../paths';
import { describeEachDatabase, logCollector } from '../../test/app';
import { until } from '../../test/wait';
import { raceRounds } from '../../test/races';
import {
  createMailDispatcher,
  MAIL_DEFAULTS,
  retryDelayMs,
  type DispatcherLogger,
  type MailDispatcherOptions,
} from './dispatcher';
import { enqueueMail } from './outbox';
import { createSmtpSender, type MailSender, type OutgoingMail } from './smtp-sender';

const FROM = 'Varco <no-reply@varco.localhost>';
const quiet: DispatcherLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A sender whose sends hang until `finish` is called: a slow SMTP server, under the test's control. */
function hangingSender() {
  const sent: OutgoingMail[] = [];
  let finish = () => undefined as void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const sender: MailSender = {
    async send(mail) {
      await finished;
      sent.push(mail);
    },
    close: () => undefined,
  };
  return { sender, sent, finish: () => finish() };
}

/** A port that nothing listens on: a catcher's, closed. Restarting a catcher on it is "the server is back". */
async function closedPort(): Promise<number> {
  const probe = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  await probe.close();
  return probe.smtpPort;
}

describeEachDatabase('mail dispatcher', ({ database, build, postgresOnly }) => {
  let catcher: MailCatcher;
  const senders: Array<{ close(): void }> = [];

  before(async () => {
    await migrate(database(), readMigrations(MIGRATIONS_DIR));
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  });
  after(async () => {
    for (const sender of senders) sender.close();
    await catcher.close();
  });
  beforeEach(async () => {
    await database().db.deleteFrom('mail_outbox').execute();
    catcher.clear();
  });

  const dispatcher = (smtpUrl: string, options: Partial<MailDispatcherOptions> = {}) => {
    const sender = createSmtpSender(smtpUrl, FROM);
    senders.push(sender);
    return createMailDispatcher({ db: database().db, sender, logger: quiet, pollMs: 60_000, ...options });
  };
  const row = (id: number) =>
    database().db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const enqueueOtp = (to: string, language: 'IT' | 'EN' = 'EN') =>
    enqueueMail(database().db, {
      to,
      name: null,
      language,
      template: 'otp',
      params: { code: '654321', validityMinutes: 5 },
    });

  it('sends a due mail over SMTP and marks it sent', async () => {
    const id = await enqueueOtp('traveler@example.com', 'IT');
    const result = await dispatcher(catcher.smtpUrl).runOnce();
    assert.deepEqual(result, { claimed: 1, sent: 1, failed: 0, gaveUp: 0, released: 0 });
    const [message, ...others] = catcher.messages();
    assert.equal(others.length, 0);
    assert.equal(message!.to, 'traveler@example.com');
    assert.equal(message!.subject, 'Il tuo codice di accesso a Varco');
    assert.equal(message!.language, 'it');
    assert.match(message!.text, /654321/);
    assert.match(message!.html, /<html lang="it" dir="ltr">/);
    const stored = await row(id);
    assert.ok(stored.sent_at instanceof Date);
    assert.equal(stored.attempts, 1);
    assert.equal(stored.last_error, null);
    // Sent is sent: another pass finds nothing.
    assert.equal((await dispatcher(catcher.smtpUrl).runOnce()).claimed, 0);
  });

  it("names each mail's language in Content-Language with the language's tag", async () => {
    const sender = createSmtpSender(catcher.smtpUrl, FROM);
    senders.push(sender);
    const languages = [
      ['IT', 'it'],
      ['EN', 'en'],
      ['ZH-HANS', 'zh-Hans'],
      ['AR', 'ar'],
      ['PT-BR', 'pt-BR'],
    ] as const;
    for (const [index, [language]] of languages.entries()) {
      await sender.send({
        id: index + 1,
        to: `${language}@example.com`,
        language,
        subject: 's',
        text: 't',
        html: '<p>h</p>',
      });
    }
    const tagOf = new Map(catcher.messages().map((message) => [message.to, message.language]));
    for (const [language, tag] of languages) assert.equal(tagOf.get(`${language}@example.com`), tag, language);
  });

  it('keeps the mail while the SMTP server is down, backing off, and sends it once the server is back', async () => {
    const port = await closedPort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const sending = dispatcher(smtpUrl, { retryBaseMs: 60_000, retryMaxMs: 600_000 });
    const id = await enqueueOtp('patient@example.com');
    const enqueued = await row(id);

    assert.deepEqual(await sending.runOnce(), { claimed: 1, sent: 0, failed: 1, gaveUp: 0, released: 0 });
    const first = await row(id);
    assert.equal(first.attempts, 1);
    assert.equal(first.sent_at, null);
    assert.equal(first.failed_at, null);
    assert.match(first.last_error ?? '', /ECONNREFUSED|connect/i);
    const firstDelay = first.next_attempt_at.getTime() - enqueued.next_attempt_at.getTime();
    assert.ok(firstDelay >= 59_000 && firstDelay < 70_000, `first retry in about a minute, was ${firstDelay} ms`);
    // Not due yet: a pass leaves it alone.
    assert.equal((await sending.runOnce()).claimed, 0);

    // Time passes (made due by hand); the server is still down: the wait doubles.
    await database()
      .db.updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1_000) })
      .where('id', '=', id)
      .execute();
    await sending.runOnce();
    const second = await row(id);
    assert.equal(second.attempts, 2);
    const secondDelay = second.next_attempt_at.getTime() - Date.now();
    assert.ok(
      secondDelay > 110_000 && secondDelay <= 120_000,
      `second retry in about two minutes, was ${secondDelay} ms`,
    );

    const back = await startMailCatcher({ smtpPort: port, httpPort: 0 });
    try {
      await database()
        .db.updateTable('mail_outbox')
        .set({ next_attempt_at: new Date(Date.now() - 1_000) })
        .where('id', '=', id)
        .execute();
      assert.equal((await sending.runOnce()).sent, 1);
      assert.deepEqual(
        back.messages().map((message) => message.to),
        ['patient@example.com'],
      );
      const sent = await row(id);
      assert.ok(sent.sent_at instanceof Date);
      assert.equal(sent.attempts, 3);
      assert.equal(sent.last_error, null);
    } finally {
      await back.close();
    }
  });

  it('gives a mail up after the last attempt and keeps it with its error', async () => {
    const sending = dispatcher(`smtp://127.0.0.1:${await closedPort()}`, { maxAttempts: 2, retryBaseMs: 0 });
    const id = await enqueueOtp('unlucky@example.com');
    assert.equal((await sending.runOnce()).failed, 1);
    assert.equal((await sending.runOnce()).gaveUp, 1);
    const stored = await row(id);
    assert.ok(stored.failed_at instanceof Date);
    assert.equal(stored.sent_at, null);
    assert.equal(stored.attempts, 2);
    assert.ok(stored.last_error);
    assert.equal((await sending.runOnce()).claimed, 0);
  });

  it(
    'never sends a mail twice when two dispatchers run at once',
    postgresOnly('the two dispatchers claim over two connections at once'),
    async () => {
      const first = dispatcher(catcher.smtpUrl, { batchSize: 2 });
      const second = dispatcher(catcher.smtpUrl, { batchSize: 2 });
      // 20 rounds rather than 50: each waits for its SMTP deliveries (~0.2 s a round).
      await raceRounds(async (index) => {
        // Fewer mails than the four claims of a pass could take: they contend for the same rows.
        const recipients = Array.from(
          { length: 4 },
          (_, each) => `round${String(index).padStart(2, '0')}.traveler${each}@example.com`,
        );
        for (const to of recipients) await enqueueOtp(to);
        let claimed = 0;
        for (;;) {
          const results = await Promise.all([first.runOnce(), second.runOnce(), first.runOnce(), second.runOnce()]);
          const pass = results.reduce((sum, result) => sum + result.claimed, 0);
          if (pass === 0) break;
          claimed += pass;
        }
        assert.equal(claimed, recipients.length);
        const received = catcher
          .messages()
          .map((message) => message.to)
          .filter((to) => recipients.includes(to));
        assert.deepEqual(received.sort(), recipients);
        const pending = await database()
          .db.selectFrom('mail_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .execute();
        assert.deepEqual(pending, []);
      }, 20);
    },
  );

  it('sends a sign-in code before the bulk mail queued ahead of it', async () => {
    for (let index = 0; index < 25; index += 1) {
      await enqueueMail(database().db, {
        to: `bulk${index}@example.com`,
        name: null,
        language: 'EN',
        template: 'notification',
        params: { message: 'An invoice arrived', link: 'http://localhost:8080/notifications' },
      });
    }
    await enqueueOtp('waiting@example.com');
    const first = await dispatcher(catcher.smtpUrl, { batchSize: 5 }).runOnce();
    assert.equal(first.sent, 5);
    assert.ok(
      catcher.messages().some((message) => message.to === 'waiting@example.com'),
      'the code left with the first batch',
    );
  });

  it('holds a claimed mail for a short lease only, so that the mails of a dead process come back within seconds', async () => {
    const slow = hangingSender();
    const id = await enqueueOtp('slow@example.com');
    const sending = createMailDispatcher({
      db: database().db,
      sender: slow.sender,
      logger: quiet,
      pollMs: 60_000,
    }).runOnce();
    await until('the claim of the mail', async () => (await row(id)).attempts === 1);
    const leaseLeft = (await row(id)).next_attempt_at.getTime() - Date.now();
    assert.ok(leaseLeft <= 31_000, `the lease runs for ${leaseLeft} ms`);
    slow.finish();
    assert.equal((await sending).sent, 1);
  });

  it('takes back the mail of a dispatcher that died once its lease has run out, and sends it once', async () => {
    const id = await enqueueOtp('orphan@example.com');
    // A process claimed it as a pass does (the attempt counted, a lease from now) and died before sending it.
    await database()
      .db.updateTable('mail_outbox')
      .set({
        attempts: 1,
        next_attempt_at: sql<Date>`now() + ${MAIL_DEFAULTS.leaseMs}::double precision * interval '1 millisecond'`,
      })
      .where('id', '=', id)
      .execute();
    const survivor = dispatcher(catcher.smtpUrl);
    assert.equal((await survivor.runOnce()).claimed, 0, 'the lease holds');
    // The lease runs out, not renewed by the dead process: its end, written in the database, is now past.
    await database()
      .db.updateTable('mail_outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1) })
      .where('id', '=', id)
      .execute();
    assert.deepEqual(await survivor.runOnce(), { claimed: 1, sent: 1, failed: 0, gaveUp: 0, released: 0 });
    assert.equal((await survivor.runOnce()).claimed, 0);
    assert.deepEqual(
      catcher.messages().map((message) => message.to),
      ['orphan@example.com'],
    );
    const stored = await row(id);
    assert.ok(stored.sent_at instanceof Date);
    assert.equal(stored.attempts, 2);
  });

  it('renews the lease while its dispatcher sends: no other dispatcher takes the mail, which goes once', async () => {
    const slow = hangingSender();
    const id = await enqueueOtp('renewed@example.com');
    const sending = createMailDispatcher({
      db: database().db,
      sender: slow.sender,
      logger: quiet,
      pollMs: 60_000,
      leaseMs: 300,
    }).runOnce();
    await until('the claim of the mail', async () => (await row(id)).attempts === 1);
    const firstLeaseEnd = (await row(id)).next_attempt_at.getTime();
    const other = hangingSender();
    other.finish();
    const competitor = createMailDispatcher({
      db: database().db,
      sender: other.sender,
      logger: quiet,
      pollMs: 60_000,
      leaseMs: 300,
    });
    // Well past the first lease, the mail is still held: its lease was moved on by the live dispatcher.
    await until(
      'the lease to be renewed past two lengths',
      async () => (await row(id)).next_attempt_at.getTime() > firstLeaseEnd + 600,
    );
    assert.equal((await competitor.runOnce()).claimed, 0);
    slow.finish();
    assert.equal((await sending).sent, 1);
    assert.equal(slow.sent.length, 1);
    assert.equal(other.sent.length, 0);
    assert.ok((await row(id)).sent_at instanceof Date);
  });

  it('runs with the app: a pass at start, an enqueue wakes it long before the next poll, and closing the app stops it', async () => {
    // Only this test's recipients count: a slow earlier test may still deliver into the same catcher.
    const to = (address: string) => catcher.messages().filter((message) => message.to === address);
    const sentAt = async (address: string) =>
      (
        await database()
          .db.selectFrom('mail_outbox')
          .select('sent_at')
          .where('recipient', '=', address)
          .executeTakeFirstOrThrow()
      ).sent_at;
    // Waiting before the start: the pass at start sends it. The next poll is an hour away.
    await enqueueOtp('waiting@example.com');
    const app = build({ smtpUrl: catcher.smtpUrl, mailPollMs: 3_600_000 });
    await app.ready();
    await until(
      'the pass at start to send the waiting mail',
      async () => (await sentAt('waiting@example.com')) !== null,
    );
    // After that pass: only the wake-up of the enqueue can send this one within the hour.
    await app.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, {
        to: 'woken@example.com',
        name: null,
        language: 'EN',
        template: 'activation',
        params: { link: 'http://localhost:8080/activate?key=k' },
      });
    });
    await until('the enqueue to wake the dispatcher', async () => (await sentAt('woken@example.com')) !== null);
    assert.equal(to('woken@example.com').length, 1);
    assert.match(to('woken@example.com')[0]!.text, /http:\/\/localhost:8080\/activate\?key=k/);
    await app.close();
    // After the close the mail is left for whoever runs next: another dispatcher finds it due and unclaimed.
    await enqueueOtp('after-close@example.com');
    const next = hangingSender();
    next.finish();
    assert.equal(
      (await createMailDispatcher({ db: database().db, sender: next.sender, logger: quiet, pollMs: 60_000 }).runOnce())
        .claimed,
      1,
    );
    assert.deepEqual(
      next.sent.map((mail) => mail.to),
      ['after-close@example.com'],
    );
    assert.equal(to('after-close@example.com').length, 0);
  });

  it('says once that it does not send when SMTP_URL is unset', async () => {
    const logs = logCollector();
    const app = build({ logLevel: 'warn' }, { logStream: logs.stream });
    await app.ready();
    await enqueueOtp('waiting@example.com');
    await until('the warning', () => logs.lines().some((line) => String(line.msg).includes('SMTP_URL is not set')));
    assert.equal(logs.lines().filter((line) => String(line.msg).includes('SMTP_URL is not set')).length, 1);
    assert.equal(catcher.messages().length, 0);
    await app.close();
  });
});

it('waits exponentially longer, up to a cap', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 10].map((attempts) => retryDelayMs(attempts, 30_000, 300_000)),
    [30_000, 60_000, 120_000, 240_000, 300_000],
  );
});
