// Fault tests: the api as its own process on a PostgreSQL server of its own, through a database restart, a kill -9 of
// the api, and an SMTP server that is down for a while. `scripts/fault-tests.sh` runs them (they need PostgreSQL's
// binaries: initdb, pg_ctl). Everything listens on loopback only, and every wait is bounded.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startMailCatcher, type MailCatcher } from '../../deploy/mail-catcher/server.mjs';
import { createPostgresDatabase, type DatabaseHandle } from '../src/db/database';
import { addDays, romeToday } from '@varco/contracts';
import { enqueueMail } from '../src/modules/mail';
import { until } from '../src/test/wait';
import { createMerchantService } from '../src/modules/merchants';
import { startApi, type ApiProcess } from './api-process';
import { freePort, postgresBinDir, startPostgresServer, type PostgresServer } from './postgres-server';

/** Database restarts under load: 10 in CI, fewer with FAULT_RESTARTS. */
const RESTARTS = Number(process.env.FAULT_RESTARTS ?? 10);
const LOAD_WORKERS = 3;

/** Polls every 50 ms: several conditions here are queries or calls to the api under test. */
const waitFor = (what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number) => until(what, condition, timeoutMs, 50);

/** Writers issuing invoices as fast as the api answers: what each answer was, and which writes were acknowledged. */
function startLoad(baseUrl: () => string, apiKey: string) {
  const statuses = new Map<string, number>();
  const acknowledged: string[] = [];
  const unavailable: Array<{ retryAfter: string | null; detail: unknown }> = [];
  let running = true;
  let sequence = 0;
  const worker = async () => {
    while (running) {
      const invoiceNumber = `FAULT-${process.pid}-${++sequence}`;
      const body = {
        invoiceNumber,
        issueDate: addDays(romeToday(), -1),
        totalAmount: 122,
        vatAmount: 22,
        traveler: { name: 'Grace Hopper', document: { type: 'PASSAPORTO', country: 'US', number: 'FAULT1' } },
      };
      let status: string;
      try {
        const response = await fetch(`${baseUrl()}/api/v1/merchant/invoices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'accept-language': 'EN' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        status = String(response.status);
        if (response.ok) acknowledged.push(invoiceNumber);
        if (response.status === 503) unavailable.push({ retryAfter: response.headers.get('retry-after'), detail: ((await response.json()) as { detail?: unknown }).detail });
        else await response.arrayBuffer();
      } catch {
        // The api process is gone (the kill test) or not listening yet: no answer, so no acknowledged write.
        status = 'no answer';
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: LOAD_WORKERS }, () => worker());
  return {
    statuses,
    acknowledged,
    unavailable,
    okCount: () => acknowledged.length,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

const binDir = postgresBinDir();

describe('the api under faults, on a PostgreSQL server of its own', () => {
  let server: PostgresServer;
  let handle: DatabaseHandle;
  let catcher: MailCatcher;
  let api: ApiProcess;
  let apiKey: string;
  const apiEnv = () => ({ DATABASE_URL: server.url, SMTP_URL: catcher.smtpUrl, MAIL_POLL_MS: '200' });

  /** Every acknowledged invoice is in the database. */
  async function assertNoWriteLost(acknowledged: string[]) {
    assert.ok(acknowledged.length > 0, 'some writes were acknowledged');
    const stored = await handle.db.selectFrom('invoice').select('invoice_number').where('invoice_number', 'in', acknowledged).execute();
    assert.equal(stored.length, acknowledged.length, 'every acknowledged write is in the database');
  }

  const enqueueBulk = async (prefix: string, count: number) => {
    const recipients = Array.from({ length: count }, (_, index) => `${prefix}${index}@example.com`);
    await handle.db.transaction().execute(async (trx) => {
      for (const to of recipients) {
        await enqueueMail(trx, { to, name: null, language: 'EN', template: 'notification', params: { message: 'An invoice arrived', link: 'http://localhost:8080/notifications' } });
      }
    });
    return recipients;
  };
  const deliveries = (to: string) => catcher.messages().filter((message) => message.to === to).length;
  const pendingMails = async () => (await handle.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).where('failed_at', 'is', null).execute()).length;

  before(async () => {
    // scripts/fault-tests.sh installs the binaries, or reports that these tests could not run.
    if (!binDir) throw new Error('no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql: install the postgresql package');
    server = await startPostgresServer(binDir);
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    api = await startApi(apiEnv(), await freePort());
    handle = createPostgresDatabase(server.url, { poolMax: 2 });
    apiKey = (await createMerchantService(handle.db).createMerchant({ kind: 'VENDOR', name: 'Fault Test S.r.l.', vatNumber: `IT-FAULT-${process.pid}` })).apiKey;
  });
  after(async () => {
    await api?.kill('SIGKILL');
    await handle?.close();
    await catcher?.close();
    await server?.destroy();
  });

  it(`lives through ${RESTARTS} database restarts under load: 503 with Retry-After in the gap, 2xx after, no write lost`, async (t) => {
    const load = startLoad(() => api.baseUrl, apiKey);
    try {
      await waitFor('first writes', () => load.okCount() > 10, 20_000);
      for (let restart = 0; restart < RESTARTS; restart += 1) {
        await server.restart();
        const acknowledgedBefore = load.okCount();
        await waitFor(`writes after restart ${restart + 1}`, () => {
          if (api.exit() !== undefined) throw new Error(`the api died at restart ${restart + 1}:\n${api.output()}`);
          return load.okCount() > acknowledgedBefore + 5;
        }, 20_000);
      }
    } finally {
      await load.stop();
    }
    t.diagnostic(`restarts survived: ${RESTARTS}; answers: ${JSON.stringify(Object.fromEntries(load.statuses))}`);
    assert.equal(api.exit(), undefined);
    assert.deepEqual([...load.statuses.keys()].filter((status) => status !== '201' && status !== '503'), [], 'only 201 and 503 answers');
    assert.ok(load.unavailable.length > 0, 'some requests met the restarts');
    for (const answer of load.unavailable) assert.deepEqual(answer, { retryAfter: '5', detail: 'The service is temporarily unavailable. Please try again later.' });
    const readiness = await fetch(`${api.baseUrl}/readyz`);
    assert.equal(readiness.status, 200);
    await assertNoWriteLost(load.acknowledged);
  });

  it('reports not ready while the database is stopped, stays alive, and serves again after', async () => {
    await server.stop();
    try {
      const readiness = await fetch(`${api.baseUrl}/readyz`);
      assert.equal(readiness.status, 503);
      assert.equal((await fetch(`${api.baseUrl}/healthz`)).status, 200);
    } finally {
      await server.start();
    }
    await waitFor('ready again', async () => (await fetch(`${api.baseUrl}/readyz`)).status === 200, 20_000);
  });

  it('loses no acknowledged write and no mail when the api is killed mid-load; its claimed mails go within a minute of the restart', async (t) => {
    catcher.clear();
    const recipients = await enqueueBulk('killed', 120);
    const load = startLoad(() => api.baseUrl, apiKey);
    try {
      await waitFor('mails being sent', () => catcher.messages().length >= 15, 30_000);
      await api.kill('SIGKILL');
    } finally {
      // Stopped on every path: the load's writers retry until told to stop, and would keep this process alive.
      await load.stop();
    }
    await assertNoWriteLost(load.acknowledged);
    const claimedByTheDead = await handle.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).where('attempts', '>', 0).execute();
    t.diagnostic(`mails claimed by the killed api and not marked sent: ${claimedByTheDead.length}`);

    api = await startApi(apiEnv(), await freePort());
    const deliveredIn = await waitFor('every mail delivered after the restart', async () => (await pendingMails()) === 0, 60_000);
    t.diagnostic(`all mails delivered ${deliveredIn} ms after the restart`);
    const lost = recipients.filter((to) => deliveries(to) === 0);
    assert.deepEqual(lost, [], 'no mail lost');
    // Only the mail in the SMTP conversation at the moment of the kill may have gone twice.
    const twice = recipients.filter((to) => deliveries(to) > 1);
    assert.ok(twice.length <= 1, `mails delivered twice: ${twice.join(', ')}`);
  });

  it('delivers every mail once after the SMTP server was down for a while', async () => {
    const smtpPort = Number(new URL(catcher.smtpUrl).port);
    await catcher.close();
    const recipients = await enqueueBulk('smtp-down', 15);
    // Every mail has failed at least once while the server was away.
    await waitFor('failed attempts', async () => {
      const tried = await handle.db.selectFrom('mail_outbox').select('id').where('recipient', 'like', 'smtp-down%').where('last_error', 'is not', null).execute();
      return tried.length === recipients.length;
    }, 30_000);
    catcher = await startMailCatcher({ smtpPort, httpPort: 0 });
    await waitFor('every mail delivered', async () => (await pendingMails()) === 0, 90_000);
    assert.deepEqual(recipients.filter((to) => deliveries(to) !== 1), [], 'each mail delivered exactly once');
  });

  it('sends a sign-in code within seconds even behind 300 bulk mails', async (t) => {
    catcher.clear();
    await enqueueBulk('bulk', 300);
    const started = Date.now();
    await handle.db.transaction().execute((trx) => enqueueMail(trx, { to: 'waiting@example.com', name: null, language: 'EN', template: 'otp', params: { code: '123456', validityMinutes: 5 } }).then(() => undefined));
    const late = await waitFor('the sign-in code', () => deliveries('waiting@example.com') === 1, 10_000);
    t.diagnostic(`sign-in code delivered ${late} ms after it was queued behind 300 bulk mails (enqueued ${Date.now() - started - late} ms before)`);
    assert.ok(late < 5_000, `the code took ${late} ms`);
  });
});
