import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { after, before, it } from 'node:test';
import { HEADERS } from '@varco/contracts';
import { startMailCatcher, type MailCatcher } from '../../../../deploy/mail-catcher/server.mjs';
import { buildApp } from '../../app';
import { createClient } from '../../modules/exit-point';
import { createTestVisaRequest } from '../../modules/exit-point/testing';
import { describeEachDatabase, testConfig, type TestApp } from '../../test/app';
import { RECOVER } from '../../test/calls';
import { scrape } from '../../test/scrape';
import { signedInTraveler } from '../../test/travelers';
import { until } from '../../test/wait';

/**
 * The families the api exports, as deploy/prometheus and deploy/grafana rely on them (their tests read the same file):
 * a family added or renamed here without it fails this test.
 */
const EXPORTED = JSON.parse(
  readFileSync(new URL('../../../../deploy/prometheus/api-metrics.json', import.meta.url), 'utf8'),
) as { families: Record<string, { type: string; postgresOnly?: boolean }>; defaultFamilies: string[] };

/** Never draws the random sample: the scan's light follows the rules only. */
const NO_SAMPLE = () => 0.99;
const COUNT = '/api/v1/private/notifications/count';

describeEachDatabase('metrics', ({ kind, database, build }) => {
  let catcher: MailCatcher;
  before(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  });
  after(() => catcher.close());

  it('are served on a listener of their own, every family after some traffic, and never on the public port', async () => {
    const app = build(
      // The dispatcher looks at the outbox often: a mail written by a transaction after its wake-up goes soon.
      { metrics: { host: '127.0.0.1', port: 0 }, smtpUrl: catcher.smtpUrl, mailPollMs: 100 },
      // The limits' clock stands in the middle of a minute: the three polls below fall in one window of the limit.
      { exitPoint: { riskOptions: { random: NO_SAMPLE } }, limits: { pollingMax: 2, now: () => 30_000 } },
    );
    // Real HTTP: the polling calls' warm path is in front of the server, not of `inject`.
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const metricsUrl = `${app.metrics.url}/metrics`;
    const db = database().db;

    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    assert.equal((await fetch(`${base}/api/v1/no-such-call/42`)).status, 404);
    // The notification count: read through Fastify, then answered by the warm path, then over the polling limit (2).
    const traveler = await signedInTraveler(db);
    const poll = () => fetch(`${base}${COUNT}`, { headers: { cookie: traveler.cookie, [HEADERS.client]: '1' } });
    assert.deepEqual([(await poll()).status, (await poll()).status, (await poll()).status], [200, 200, 429]);
    // A password reset: background work, and a mail sent through the outbox.
    const { email } = await db
      .selectFrom('traveler')
      .select('email')
      .where('id', '=', traveler.id)
      .executeTakeFirstOrThrow();
    const recover = await fetch(`${base}${RECOVER}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.client]: '1' },
      body: JSON.stringify({ email }),
    });
    assert.equal(recover.status, 204);
    await app.background.settled();
    // Two scans at the kiosk: a green one, and a code the scan refuses.
    const kiosk = await createClient(db, { kind: 'KIOSK', name: 'Chiosco metriche', customsOffice: 'IT277100' });
    const request = await createTestVisaRequest(db, { amounts: [120] });
    const scan = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/exit-point/scan',
        headers: { 'x-api-key': kiosk.apiKey },
        payload: { token },
      });
    assert.equal(
      (await scan(app.qr.issue({ publicId: request.publicId, issuedAt: request.qrIssuedAt }))).statusCode,
      200,
    );
    assert.equal((await scan('v1.not.a-code')).statusCode, 400);

    await until('the reset mail sent', () => catcher.messages().some((mail) => mail.to.includes(email)));
    await until(
      'the visa expiry pass counted, the mail counted as sent and out of the outbox',
      async () => {
        const metrics = await scrape(metricsUrl);
        return (
          (metrics.value('varco_job_runs_total', { task: 'visa expiry pass', outcome: 'ok' }) ?? 0) >= 1 &&
          (metrics.value('varco_mail_sent_total') ?? 0) >= 1 &&
          metrics.value('varco_mail_outbox_depth') === 0
        );
      },
      30_000,
    );

    const metrics = await scrape(metricsUrl);
    assert.equal(metrics.status, 200);
    const expected = Object.entries(EXPORTED.families).filter(
      ([, family]) => kind === 'postgres' || !family.postgresOnly,
    );
    for (const [name, family] of expected) assert.equal(metrics.types.get(name), family.type, name);
    for (const name of EXPORTED.defaultFamilies) assert.ok(metrics.types.has(name), name);
    const unlisted = [...metrics.types.keys()].filter((name) => name.startsWith('varco_') && !EXPORTED.families[name]);
    assert.deepEqual(unlisted, [], 'every family is listed in deploy/prometheus/api-metrics.json');
    if (kind === 'pglite') assert.equal(metrics.types.has('varco_db_pool_connections_in_use'), false);

    // Requests by route pattern and status, the warm path's answer counted with Fastify's.
    const count = { method: 'GET', route: COUNT };
    assert.equal(metrics.value('varco_http_requests_total', { ...count, status: '200' }), 2);
    assert.equal(metrics.value('varco_http_requests_total', { ...count, status: '429' }), 1);
    assert.equal(metrics.value('varco_http_request_duration_seconds_count', count), 3);
    assert.equal(metrics.value('varco_http_request_duration_seconds_bucket', { ...count, le: '+Inf' }), 3);
    assert.equal(
      metrics.value('varco_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
      1,
      'a URL no route matches is counted without its path',
    );
    const scanRoute = { method: 'POST', route: '/api/v1/exit-point/scan' };
    assert.equal(metrics.value('varco_http_requests_total', { ...scanRoute, status: '200' }), 1);
    assert.equal(metrics.value('varco_http_requests_total', { ...scanRoute, status: '400' }), 1);
    assert.equal(metrics.value('varco_rate_limit_refusals_total', { limit: 'polling', route: COUNT }), 1);
    assert.equal(metrics.value('varco_exit_point_scans_total', { outcome: 'GRANTED', light: 'green' }), 1);
    assert.equal(metrics.value('varco_exit_point_scans_total', { outcome: 'REFUSED', light: 'none' }), 1);
    assert.equal(metrics.value('varco_background_tasks_total', { task: 'password reset', outcome: 'ok' }), 1);
    assert.equal(metrics.value('varco_background_tasks_in_flight'), 0);
    assert.equal(metrics.value('varco_job_interval_seconds', { task: 'visa expiry pass' }), 60);
    assert.ok((metrics.value('varco_job_lag_seconds', { task: 'visa expiry pass' }) ?? -1) >= 0);
    assert.ok((metrics.value('varco_job_runs_total', { task: 'mail dispatcher', outcome: 'ok' }) ?? 0) >= 1);
    assert.equal(metrics.value('varco_mail_send_failures_total', { outcome: 'retry' }), 0);
    assert.equal(metrics.value('varco_mail_send_failures_total', { outcome: 'given_up' }), 0);
    assert.equal(metrics.value('varco_mail_outbox_depth'), 0);
    assert.equal(metrics.value('varco_mail_outbox_oldest_age_seconds'), 0);
    assert.ok((metrics.value('varco_db_query_duration_seconds_count', { operation: 'select' }) ?? 0) > 0);
    assert.ok((metrics.value('varco_db_query_duration_seconds_count', { operation: 'insert' }) ?? 0) > 0);
    if (kind === 'postgres') {
      assert.ok((metrics.value('varco_db_pool_connections_max') ?? 0) > 0);
      assert.ok((metrics.value('varco_db_pool_acquires_total') ?? 0) > 0);
    }

    // The public port knows nothing of them; the listener answers its one path.
    for (const path of ['/metrics', '/api/metrics']) {
      const answer = await fetch(`${base}${path}`);
      assert.equal(answer.status, 404, path);
      assert.doesNotMatch(await answer.text(), /varco_http_requests_total/);
    }
    assert.equal((await fetch(`${app.metrics.url}/`)).status, 404);
    assert.equal((await fetch(metricsUrl, { method: 'POST' })).status, 405);
  });

  it('count the mails still to send and the age of the oldest, read from the outbox at each scrape', async () => {
    // No SMTP server: the mail stays in the outbox.
    const app = build({ metrics: { host: '127.0.0.1', port: 0 } });
    await app.ready();
    await database().db.deleteFrom('mail_outbox').execute();
    await database()
      .db.insertInto('mail_outbox')
      .values({
        recipient: 'waiting@example.com',
        language: 'EN',
        template: 'otp',
        subject: 'Your code',
        text_body: 'text',
        html_body: '<p>text</p>',
        created_at: new Date(Date.now() - 400_000),
      })
      .execute();
    const metrics = await scrape(`${app.metrics.url}/metrics`);
    assert.equal(metrics.value('varco_mail_outbox_depth'), 1);
    const age = metrics.value('varco_mail_outbox_oldest_age_seconds') ?? 0;
    assert.ok(age >= 400 && age < 460, `the oldest mail is about 400 s old, not ${age}`);
    await database().db.deleteFrom('mail_outbox').execute();
  });

  it('are off without METRICS_PORT: no listener, no tally, no hook on the requests', async () => {
    const app: TestApp = build();
    await app.ready();
    assert.equal(app.metrics.enabled, false);
    assert.equal(app.metrics.url, undefined);
    assert.equal(app.metrics.requests('GET', COUNT), undefined);
    assert.equal((await app.inject('/metrics')).statusCode, 404);
  });

  it('stop the start when their port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const app = buildApp(testConfig({ metrics: { host: '127.0.0.1', port } }), { database: database() });
    try {
      await assert.rejects(async () => {
        await app.ready();
      }, /EADDRINUSE/);
    } finally {
      await app.close().catch(() => undefined);
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
