import assert from 'node:assert/strict';
import http from 'node:http';
import { it } from 'node:test';
import { HEADERS } from '@varco/contracts';
import type { onSendHookHandler } from 'fastify';
import { buildApp } from '../app';
import { describeEachDatabase, testConfig } from '../test/app';
import { recordingStatements } from '../test/statements';
import { signedInTraveler } from '../test/travelers';

const COUNT = '/api/v1/private/notifications/count';
const HEARTBEAT = '/api/v1/private/visa/area';

// The polling calls are most of the api's traffic (docs/calls.md: every signed-in browser, every 15 and 30 s): once an
// instance knows the session and the count, they must not reach the database at all (deploy/bench/README.md).
describeEachDatabase('the polling calls', ({ database }) => {
  it('answer from memory once warm: no statement on the session or the notifications, the guard and the origin check still on', async () => {
    const recording = recordingStatements(database());
    const app = buildApp(testConfig(), {
      database: recording.handle,
      visaExpiry: { enabled: false },
      deadlineReminders: { enabled: false },
    });
    try {
      await app.ready();
      const traveler = await signedInTraveler(database().db);
      const poll = (method: 'GET' | 'PUT', url: string, cookie = traveler.cookie) =>
        app.inject({ method, url, headers: { cookie, [HEADERS.client]: '1' } });

      assert.equal((await poll('GET', COUNT)).json<{ counter: number }>().counter, 0);
      assert.equal((await poll('PUT', HEARTBEAT)).statusCode, 204);
      const sessionReads = recording.naming('session');
      const notificationReads = recording.naming('notification');
      assert.equal(sessionReads, 1, 'the session read once');
      assert.equal(notificationReads, 1, 'the count read once');

      for (let call = 0; call < 20; call += 1) {
        const count = await poll('GET', COUNT);
        assert.equal(count.statusCode, 200);
        assert.equal(count.body, '{"counter":0}');
        assert.equal(count.headers['cache-control'], 'private, no-store');
        assert.equal((await poll('PUT', HEARTBEAT)).statusCode, 204);
      }
      assert.equal(recording.naming('session'), sessionReads, 'no further statement on the session');
      assert.equal(recording.naming('notification'), notificationReads, 'no further statement on the notifications');

      // Cheap is not open: an unknown session is still refused, and a forged state-changing call too.
      assert.equal((await poll('GET', COUNT, 'varco_session=unknown')).statusCode, 401);
      assert.equal((await poll('PUT', HEARTBEAT, 'varco_session=unknown')).statusCode, 401);
      const forged = await app.inject({
        method: 'PUT',
        url: HEARTBEAT,
        headers: { cookie: traveler.cookie, origin: 'https://evil.example' },
      });
      assert.equal(forged.statusCode, 403);
    } finally {
      await app.close();
    }
  });
});

/** A raw HTTP call to a listening app: the warm path (plugins/polling-path.ts) is in front of the server, not of `inject`. */
interface Answer {
  status: number;
  body: string;
  /** Header names and values in the order sent. */
  headers: Array<[string, string]>;
}

function call(base: string, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const pairs: Array<[string, string]> = [];
        for (let index = 0; index < raw.length; index += 2) pairs.push([raw[index]!.toLowerCase(), raw[index + 1]!]);
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: pairs });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** An answer as the tests compare it: every header but the date and the request id's value (each request has its own). */
const comparable = (answer: Answer) => ({
  status: answer.status,
  body: answer.body,
  headers: answer.headers
    .filter(([name]) => name !== 'date')
    .map(([name, value]) => [name, name === 'x-request-id' ? 'id' : value]),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachDatabase('the polling calls’ warm path', ({ build, database }) => {
  /** An app listening on a free port of 127.0.0.1, and how many requests reached Fastify's own path. */
  async function listening(deps: Parameters<typeof build>[1] = {}, config: Parameters<typeof build>[0] = {}) {
    const app = build(config, { visaExpiry: { enabled: false }, deadlineReminders: { enabled: false }, ...deps });
    let reachedFastify = 0;
    // Counted by an onSend hook of the polling routes (it runs for their refusals too, before the answer is written);
    // onRoute hooks are in place at once, before the routes are declared.
    const counted: onSendHookHandler = (_request, _reply, payload, done) => {
      reachedFastify += 1;
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (route.url === COUNT || route.url === HEARTBEAT) route.onSend = [counted, ...[route.onSend ?? []].flat()];
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, base, reachedFastify: () => reachedFastify };
  }

  /** A signed-in traveler whose first calls read the session and the count (Fastify's path): then both are in memory. */
  async function warmTraveler(base: string) {
    const traveler = await signedInTraveler(database().db);
    const headers = { cookie: traveler.cookie, [HEADERS.client]: '1' };
    assert.equal((await call(base, 'GET', COUNT, headers)).status, 200);
    assert.equal((await call(base, 'PUT', HEARTBEAT, headers)).status, 204);
    return { traveler, headers };
  }

  it('answers exactly as Fastify’s path does: status, body, every header and its order, without reaching Fastify', async () => {
    const { base, reachedFastify } = await listening();
    const { headers } = await warmTraveler(base);

    for (const [method, path] of [
      ['GET', COUNT],
      ['PUT', HEARTBEAT],
    ] as const) {
      const before = reachedFastify();
      const warm = await call(base, method, path, headers);
      assert.equal(reachedFastify(), before, `${method} ${path}: answered before Fastify`);
      // The same route through Fastify's path: a URL the warm path does not take (a query it does not read), the same answer.
      const viaFastify = await call(base, method, `${path}?via=fastify`, headers);
      assert.equal(reachedFastify(), before + 1, `${method} ${path}?via=fastify: answered by Fastify`);
      assert.deepEqual(comparable(warm), comparable(viaFastify), `${method} ${path}`);
      const id = warm.headers.find(([name]) => name === 'x-request-id')?.[1] ?? '';
      assert.match(id, UUID, 'a request id of its own');
      assert.notEqual(id, viaFastify.headers.find(([name]) => name === 'x-request-id')?.[1]);
    }
    const count = await call(base, 'GET', COUNT, headers);
    assert.equal(count.body, '{"counter":0}');
    assert.ok(
      count.headers.some(
        ([name, value]) => name === 'content-security-policy' && value === "default-src 'none'; frame-ancestors 'none'",
      ),
    );
  });

  it('leaves every other case to Fastify’s path, which answers it as before', async () => {
    const { base, reachedFastify } = await listening();
    const { traveler, headers: portal } = await warmTraveler(base);
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['GET', COUNT, { [HEADERS.client]: '1' }, 401],
      ['GET', COUNT, { cookie: 'varco_session=unknown' }, 401],
      ['PUT', HEARTBEAT, { cookie: 'varco_session=unknown', [HEADERS.client]: '1' }, 401],
      ['PUT', HEARTBEAT, { cookie: traveler.cookie }, 403],
      ['PUT', HEARTBEAT, { ...portal, origin: 'https://evil.example' }, 403],
      ['PUT', HEARTBEAT, { ...portal, 'content-type': 'application/json' }, 400],
      ['HEAD', COUNT, portal, 200],
    ];
    for (const [method, path, headers, status] of cases) {
      const before = reachedFastify();
      assert.equal(
        (await call(base, method, path, headers)).status,
        status,
        `${method} ${path} ${JSON.stringify(headers)}`,
      );
      assert.equal(reachedFastify(), before + 1, `${method} ${path} ${JSON.stringify(headers)}: Fastify's path`);
    }
  });

  it('takes a request id from a trusted proxy as Fastify does, and stays off with CORS (its headers are per origin)', async () => {
    const proxied = await listening({}, { trustProxy: true });
    const { headers } = await warmTraveler(proxied.base);
    const before = proxied.reachedFastify();
    const answer = await call(proxied.base, 'GET', COUNT, { ...headers, 'x-request-id': 'from-the-proxy' });
    assert.equal(proxied.reachedFastify(), before, 'the warm path');
    assert.equal(answer.headers.find(([name]) => name === 'x-request-id')?.[1], 'from-the-proxy');

    const portal = 'https://portal.example';
    const cors = await listening({}, { corsOrigins: [portal] });
    const { headers: corsHeaders } = await warmTraveler(cors.base);
    const afterWarmUp = cors.reachedFastify();
    const crossOrigin = await call(cors.base, 'GET', COUNT, { ...corsHeaders, origin: portal });
    assert.equal(cors.reachedFastify(), afterWarmUp + 1, 'Fastify’s path');
    assert.equal(crossOrigin.headers.find(([name]) => name === 'access-control-allow-origin')?.[1], portal);
  });

  it('refuses a session on the call after it ended or expired', async () => {
    // The loops below call as fast as they can: no polling limit in the way.
    const { base } = await listening({ limits: { pollingMax: 1_000_000 } });
    const [signedOut, deleted, expiring] = [
      await signedInTraveler(database().db),
      await signedInTraveler(database().db),
      await signedInTraveler(database().db),
    ];
    await database()
      .db.updateTable('session')
      .set({ expires_at: new Date(Date.now() + 1500) })
      .where('traveler_id', '=', expiring.id)
      .execute();
    const poll = (traveler: { cookie: string }) =>
      call(base, 'GET', COUNT, { cookie: traveler.cookie, [HEADERS.client]: '1' });
    for (const traveler of [signedOut, deleted, expiring])
      for (let warm = 0; warm < 2; warm += 1) assert.equal((await poll(traveler)).status, 200);

    // Signed out on this instance: evicted at once.
    assert.equal(
      (
        await call(base, 'POST', '/api/v1/private/v1/traveler/logout', {
          cookie: signedOut.cookie,
          [HEADERS.client]: '1',
        })
      ).status,
      204,
    );
    assert.equal((await poll(signedOut)).status, 401);

    // Ended elsewhere (another instance, the account deleted): the database tells this one when the deletion commits.
    await database().db.deleteFrom('session').where('traveler_id', '=', deleted.id).execute();
    const until = async (traveler: { cookie: string }, what: string) => {
      const deadline = Date.now() + 10_000;
      let answer = await poll(traveler);
      while (answer.status === 200 && Date.now() < deadline) answer = await poll(traveler);
      assert.equal(answer.status, 401, what);
    };
    await until(deleted, 'refused once the deletion is heard');
    // Expired: the expiry is checked on every call, the warm one too.
    await until(expiring, 'refused once expired');
    assert.ok(
      Date.now() >=
        (
          await database()
            .db.selectFrom('session')
            .select('expires_at')
            .where('traveler_id', '=', expiring.id)
            .executeTakeFirstOrThrow()
        ).expires_at.getTime(),
    );
  });

  it('counts every call in the route’s own limit, warm or not, and refuses at the same count', async () => {
    const max = 6;
    const { app, base, reachedFastify } = await listening({ limits: { pollingMax: max, now: () => 30_000 } });
    const traveler = await signedInTraveler(database().db);
    const headers = { cookie: traveler.cookie, [HEADERS.client]: '1' };
    const calls = [await call(base, 'PUT', HEARTBEAT, headers)];
    const afterFirst = reachedFastify();
    for (let index = 1; index < max / 2; index += 1) calls.push(await call(base, 'PUT', HEARTBEAT, headers));
    assert.equal(reachedFastify(), afterFirst, 'the warm calls');
    for (let index = 0; index < max / 2; index += 1)
      calls.push(await call(base, 'PUT', `${HEARTBEAT}?via=fastify`, headers));
    assert.deepEqual(
      calls.map((answer) => answer.status),
      Array.from({ length: max }, () => 204),
    );
    // The next call, warm path or not, is refused by the route's own hook, with the same answer.
    const refusedWarm = await call(base, 'PUT', HEARTBEAT, headers);
    const refused = await app.inject({ method: 'PUT', url: HEARTBEAT, headers });
    assert.equal(refusedWarm.status, 429);
    assert.equal(refused.statusCode, 429);
    assert.equal(refusedWarm.body, refused.body);
    assert.equal(refusedWarm.headers.find(([name]) => name === 'retry-after')?.[1], '30');
    assert.equal((await call(base, 'GET', COUNT, headers)).status, 200, 'each polling call has its own count');
  });

  it('refuses at the same count across two instances, warm calls included (the counts shared in the database)', async () => {
    const max = 8;
    const [one, two] = [
      await listening({ limits: { pollingMax: max } }),
      await listening({ limits: { pollingMax: max } }),
    ];
    const traveler = await signedInTraveler(database().db);
    const headers = { cookie: traveler.cookie, [HEADERS.client]: '1' };
    const statuses: number[] = [];
    // In turn on each instance; the counts shared after each call, as the once-a-second flush would have (see
    // hardening/shared-limits.test.ts). After its first call (a read) each instance answers from its warm path.
    for (let index = 0; index <= max; index += 1) {
      const [instance, other] = index % 2 === 0 ? [one, two] : [two, one];
      statuses.push((await call(instance.base, 'PUT', HEARTBEAT, headers)).status);
      await instance.app.limits.flush();
      await other.app.limits.flush();
    }
    assert.deepEqual(statuses, [...Array<number>(max).fill(204), 429]);
    assert.ok(one.reachedFastify() + two.reachedFastify() < max, 'most calls answered by the warm path');
  });
});
