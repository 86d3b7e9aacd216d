// Fault tests: the api as its own process on a PostgreSQL server of its own, through database restarts under load, a
// kill -9 of the api while a mail is being sent, and an SMTP server that is down for a while. `scripts/fault-tests.sh`
// runs them (they need PostgreSQL's binaries: initdb, pg_ctl). Everything listens on loopback only, and every wait is
// bounded. Any end of the api process that a test did not ask for fails that test at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startMailCatcher, type MailCatcher } from '../../deploy/mail-catcher/server.mjs';
import { createPostgresDatabase, type DatabaseHandle } from '../src/db/database';
import { enqueueMail } from '../src/modules/mail';
import { createMerchantService } from '../src/modules/merchants';
import { insertInvoice, validTravel } from '../src/modules/visas/testing';
import { signedInTraveler, type SignedInTraveler } from '../src/test/travelers';
import { until } from '../src/test/wait';
import { startApi, type ApiProcess } from './api-process';
import { startLoad, type Load, type VisaTraveler } from './load';
import { freePort, postgresBinDir, startPostgresServer, type PostgresServer } from './postgres-server';
import { startSmtpGate, type SmtpGate } from './smtp-gate';

/** Database restarts under load (FAULT_RESTARTS): enough to catch a death that comes once in a few restarts. */
const RESTARTS = Number(process.env.FAULT_RESTARTS ?? 40);
/** Workers per kind of load (invoice intake, traveler reads, visa requests). */
const WORKERS_PER_KIND = 2;
/** Signed-in travelers whose reads the load takes in turn (the polling calls have a limit per session). */
const READERS = 40;

/** Polls every 50 ms: several conditions here are queries or calls to the api under test. */
const waitFor = (what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) =>
  until(what, condition, timeoutMs, 50);

const binDir = postgresBinDir();

describe('the api under faults, on a PostgreSQL server of its own', () => {
  let server: PostgresServer;
  let handle: DatabaseHandle;
  let catcher: MailCatcher;
  let gate: SmtpGate;
  let api: ApiProcess;
  let apiKey: string;
  const travelers: VisaTraveler[] = [];
  const readers: SignedInTraveler[] = [];
  let smtpPort: number;
  const apiEnv = () => ({ DATABASE_URL: server.url, SMTP_URL: gate.smtpUrl, MAIL_POLL_MS: '200' });
  const load = () =>
    startLoad(() => api.baseUrl, {
      apiKey,
      travelers,
      readers,
      travel: () => validTravel(),
      workersPerKind: WORKERS_PER_KIND,
    });

  /** Every acknowledged invoice is in the database. */
  async function assertNoWriteLost(acknowledged: string[]) {
    assert.ok(acknowledged.length > 0, 'some writes were acknowledged');
    const stored = await handle.db
      .selectFrom('invoice')
      .select('invoice_number')
      .where('invoice_number', 'in', acknowledged)
      .execute();
    assert.equal(stored.length, acknowledged.length, 'every acknowledged write is in the database');
  }

  /** Only the answers the api may give under these faults. */
  function assertAnswers(statuses: Load['statuses'], unavailable: Load['unavailable']) {
    // 409 and 404: a visa request created or deleted just before the database went away, whose answer was lost.
    const expected =
      /^(invoice POST (201|503)|read GET (200|503)|visa POST (200|409|503)|visa list GET (200|503)|visa DELETE (204|404|503))$/;
    assert.deepEqual(
      [...statuses.keys()].filter((answer) => !expected.test(answer)),
      [],
      'no other answer',
    );
    for (const answer of unavailable)
      assert.deepEqual(answer, {
        retryAfter: '5',
        detail: 'The service is temporarily unavailable. Please try again later.',
      });
  }

  const enqueueBulk = async (prefix: string, count: number) => {
    const recipients = Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`);
    await handle.db.transaction().execute(async (trx) => {
      for (const to of recipients) {
        await enqueueMail(trx, {
          to,
          name: null,
          language: 'EN',
          template: 'notification',
          params: { message: 'An invoice arrived', link: 'http://localhost:8080/notifications' },
        });
      }
    });
    return recipients;
  };
  const deliveries = (to: string) => catcher.messages().filter((message) => message.to === to).length;
  const pendingMails = async () =>
    (
      await handle.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute()
    ).length;

  before(async () => {
    // scripts/fault-tests.sh installs the binaries, or reports that these tests could not run.
    if (!binDir)
      throw new Error(
        'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql: install the postgresql package',
      );
    server = await startPostgresServer(binDir);
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    smtpPort = Number(new URL(catcher.smtpUrl).port);
    gate = await startSmtpGate(() => smtpPort);
    api = await startApi(apiEnv(), await freePort());
    handle = createPostgresDatabase(server.url, { poolMax: 2 });
    apiKey = (
      await createMerchantService(handle.db).createMerchant({
        kind: 'VENDOR',
        name: 'Fault Test S.r.l.',
        vatNumber: `IT-FAULT-${process.pid}`,
      })
    ).apiKey;
    for (let index = 0; index < WORKERS_PER_KIND; index += 1) {
      const traveler = await signedInTraveler(handle.db);
      travelers.push({ ...traveler, invoiceId: (await insertInvoice(handle.db, traveler.document)).id });
    }
    for (let index = 0; index < READERS; index += 1) readers.push(await signedInTraveler(handle.db));
  });
  after(async () => {
    await api?.kill('SIGKILL');
    await handle?.close();
    await gate?.close();
    await catcher?.close();
    await server?.destroy();
  });

  it(`lives through ${RESTARTS} database restarts under load: 503 with Retry-After in the gap, 2xx after, no write lost`, async (t) => {
    const running = load();
    const started = Date.now();
    try {
      await api.alive(
        (async () => {
          await waitFor(
            'first answers of every kind',
            () => Object.values(running.okByKind()).every((count) => count > 5),
            20_000,
          );
          for (let restart = 1; restart <= RESTARTS; restart += 1) {
            const before = running.okByKind();
            await server.restart();
            // The next restart as soon as every kind of work has succeeded again: the caches were emptied by the lost
            // LISTEN connection, so these reads go to the database that has just come back.
            await waitFor(
              `answers of every kind after restart ${restart}`,
              () => {
                const now = running.okByKind();
                return now.invoice > before.invoice && now.read > before.read && now.visa > before.visa;
              },
              20_000,
            );
          }
        })(),
      );
    } finally {
      await running.stop();
    }
    t.diagnostic(
      `restarts survived: ${RESTARTS} in ${Math.round((Date.now() - started) / 1000)} s; answers: ${JSON.stringify(Object.fromEntries(running.statuses))}`,
    );
    assert.equal(api.exit(), undefined, 'the api lives');
    assertAnswers(running.statuses, running.unavailable);
    assert.ok(running.unavailable.length > 0, 'some requests met the restarts');
    assert.equal((await fetch(`${api.baseUrl}/readyz`)).status, 200);
    await assertNoWriteLost(running.acknowledged);
  });

  it('reports not ready while the database is stopped, stays alive, and serves again after', async () => {
    await api.alive(
      (async () => {
        await server.stop();
        try {
          assert.equal((await fetch(`${api.baseUrl}/readyz`)).status, 503);
          assert.equal((await fetch(`${api.baseUrl}/healthz`)).status, 200);
        } finally {
          await server.start();
        }
        await waitFor('ready again', async () => (await fetch(`${api.baseUrl}/readyz`)).status === 200, 20_000);
      })(),
    );
  });

  it('loses no acknowledged write and no mail when the api is killed in the middle of sending one; that mail goes again after the restart, the others once', async (t) => {
    catcher.clear();
    const recipients = await enqueueBulk('killed', 60);
    const running = load();
    let held: string;
    try {
      held = await api.alive(
        (async () => {
          await waitFor('mails being sent', () => catcher.messages().length >= 10, 30_000);
          // The SMTP server has the next bulk mail; the api waits for its "250", which the relay holds back.
          const recipient = await gate.holdNextAnswer((to) => to.startsWith('killed'));
          await waitFor('the held mail in the SMTP server', () => deliveries(recipient) === 1, 10_000);
          return recipient;
        })(),
      );
      // At the moment of the kill the mail is claimed and under its lease, not marked sent: being sent.
      const row = await handle.db
        .selectFrom('mail_outbox')
        .select(['sent_at', 'attempts', 'next_attempt_at'])
        .where('recipient', '=', held)
        .executeTakeFirstOrThrow();
      assert.equal(row.sent_at, null, 'the held mail is not marked sent');
      assert.ok(row.attempts >= 1, 'the held mail was claimed');
      assert.ok(row.next_attempt_at.getTime() > Date.now(), 'the held mail is under its lease');
      await api.kill('SIGKILL');
    } finally {
      // Stopped on every path: the load's writers retry until told to stop, and would keep this process alive.
      await running.stop();
    }
    await assertNoWriteLost(running.acknowledged);

    api = await startApi(apiEnv(), await freePort());
    const deliveredIn = await api.alive(
      waitFor('every mail delivered after the restart', async () => (await pendingMails()) === 0, 60_000),
    );
    t.diagnostic(`the mail in flight at the kill: ${held}; all mails delivered ${deliveredIn} ms after the restart`);
    assert.deepEqual(
      recipients.filter((to) => deliveries(to) === 0),
      [],
      'no mail lost',
    );
    // At least once (docs/architecture.md): the server had the held mail, but the api never heard so, and sent it again.
    assert.equal(deliveries(held), 2, 'the mail in flight at the kill is sent again');
    assert.deepEqual(
      recipients.filter((to) => to !== held && deliveries(to) !== 1),
      [],
      'every other mail delivered once',
    );
  });

  it('delivers every mail once after the SMTP server was down for a while', async () => {
    await api.alive(
      (async () => {
        await catcher.close();
        const recipients = await enqueueBulk('smtp-down', 15);
        // Every mail has failed at least once while the server was away.
        await waitFor(
          'failed attempts',
          async () => {
            const tried = await handle.db
              .selectFrom('mail_outbox')
              .select('id')
              .where('recipient', 'like', 'smtp-down%')
              .where('last_error', 'is not', null)
              .execute();
            return tried.length === recipients.length;
          },
          30_000,
        );
        catcher = await startMailCatcher({ smtpPort, httpPort: 0 });
        await waitFor('every mail delivered', async () => (await pendingMails()) === 0, 90_000);
        assert.deepEqual(
          recipients.filter((to) => deliveries(to) !== 1),
          [],
          'each mail delivered exactly once',
        );
      })(),
    );
  });

  it('sends a sign-in code within seconds even behind 300 bulk mails', async (t) => {
    catcher.clear();
    await enqueueBulk('bulk', 300);
    const started = Date.now();
    await handle.db.transaction().execute((trx) =>
      enqueueMail(trx, {
        to: 'waiting@example.com',
        name: null,
        language: 'EN',
        template: 'otp',
        params: { code: '123456', validityMinutes: 5 },
      }).then(() => undefined),
    );
    const late = await api.alive(waitFor('the sign-in code', () => deliveries('waiting@example.com') === 1, 10_000));
    t.diagnostic(
      `sign-in code delivered ${late} ms after it was queued behind 300 bulk mails (enqueued ${Date.now() - started - late} ms before)`,
    );
    assert.ok(late < 5_000, `the code took ${late} ms`);
  });
});
