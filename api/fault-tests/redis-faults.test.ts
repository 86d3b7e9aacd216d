// Fault tests of the limits' store: the api as its own process with REDIS_URL, on a PostgreSQL server and a Redis
// server of their own, while Redis crashes and comes back under load (`scripts/fault-tests.sh` runs them).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPostgresDatabase, type DatabaseHandle } from '../src/db/database';
import { LOGIN } from '../src/test/calls';
import { signedInTraveler } from '../src/test/travelers';
import { until } from '../src/test/wait';
import { startApi, type ApiProcess } from './api-process';
import { freePort, postgresBinDir, startPostgresServer, type PostgresServer } from './postgres-server';
import { startRedisServer, type RedisServer } from './redis-server';

const CRASHES = 5;
const SIGN_IN_FAILURES = 3;
/** Signed-in travelers polling in turn: one alone would reach the polling calls' own limit (600 a minute) here. */
const POLLING_SESSIONS = 20;
const COUNT = '/api/v1/private/notifications/count';

describe('the api when its Redis crashes under load', () => {
  let postgres: PostgresServer;
  let redis: RedisServer;
  let handle: DatabaseHandle;
  let api: ApiProcess;
  let cookies: string[];

  before(async () => {
    const binDir = postgresBinDir();
    if (!binDir)
      throw new Error(
        'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql: install the postgresql package',
      );
    postgres = await startPostgresServer(binDir);
    redis = await startRedisServer();
    api = await startApi(
      {
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        LOGIN_RATE_LIMIT_MAX: '1000000',
        ACCOUNT_SIGNIN_FAILURES: String(SIGN_IN_FAILURES),
      },
      await freePort(),
    );
    handle = createPostgresDatabase(postgres.url, { poolMax: 2 });
    cookies = [];
    for (let traveler = 0; traveler < POLLING_SESSIONS; traveler += 1)
      cookies.push((await signedInTraveler(handle.db)).cookie);
  });
  after(async () => {
    await api?.kill('SIGKILL');
    await handle?.close();
    await redis?.kill();
    await postgres?.destroy();
  });

  let sequence = 0;
  /** A wrong password for an account of its own (never locked): 401 while the limits count, 503 while they cannot. */
  const wrongPassword = async (username = `nobody.${++sequence}@example.com`) => {
    const response = await fetch(`${api.baseUrl}${LOGIN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'EN' },
      body: JSON.stringify({ username, password: 'not-the-password' }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { detail?: string };
    return { status: response.status, retryAfter: response.headers.get('retry-after'), detail: body.detail };
  };
  let polls = 0;
  const unreadCount = async () => {
    const cookie = cookies[++polls % cookies.length]!;
    const response = await fetch(`${api.baseUrl}${COUNT}`, {
      headers: { cookie, 'accept-language': 'EN' },
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    return response.status;
  };

  it(`lives through ${CRASHES} crashes of Redis: sign-in refused with 503 while it is away, the polling calls answered throughout, and the limits counted again once it is back`, async (t) => {
    const signIns = new Map<number, number>();
    const counts = new Map<number, number>();
    const refusals: Array<{ retryAfter: string | null; detail: string | undefined }> = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const signIn = await wrongPassword();
        signIns.set(signIn.status, (signIns.get(signIn.status) ?? 0) + 1);
        if (signIn.status === 503) refusals.push({ retryAfter: signIn.retryAfter, detail: signIn.detail });
        const count = await unreadCount();
        counts.set(count, (counts.get(count) ?? 0) + 1);
      }
    };
    const workers = [worker(), worker()];
    try {
      // Any end of the api process fails the test at once (api-process.ts).
      await api.alive(
        (async () => {
          for (let crash = 0; crash < CRASHES; crash += 1) {
            const counted = signIns.get(401) ?? 0;
            await until(
              `sign-ins counted before crash ${crash + 1}`,
              () => (signIns.get(401) ?? 0) > counted + 5,
              20_000,
            );
            await redis.kill();
            const refused = refusals.length;
            await until(
              `a sign-in refused while Redis is away (crash ${crash + 1})`,
              () => refusals.length > refused,
              20_000,
            );
            await redis.start();
          }
          const counted = signIns.get(401) ?? 0;
          await until('sign-ins counted after the last crash', () => (signIns.get(401) ?? 0) > counted + 5, 20_000);
        })(),
      );
    } finally {
      running = false;
      await Promise.all(workers);
    }
    t.diagnostic(
      `sign-in answers: ${JSON.stringify(Object.fromEntries(signIns))}; unread count answers: ${JSON.stringify(Object.fromEntries(counts))}`,
    );
    assert.equal(api.exit(), undefined, 'the api lives');
    assert.deepEqual(
      [...signIns.keys()].sort(),
      [401, 503],
      'a sign-in is counted (401) or refused (503), nothing else',
    );
    assert.deepEqual([...counts.keys()], [200], 'the polling calls answer throughout');
    for (const refusal of refusals)
      assert.deepEqual(refusal, {
        retryAfter: '5',
        detail: 'The service is temporarily unavailable. Please try again later.',
      });

    // The store is back, empty: one account's wrong passwords lock it at the same count as before the crashes.
    const username = 'locked.after.crashes@example.com';
    const answers: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_FAILURES; attempt += 1)
      answers.push((await wrongPassword(username)).status);
    assert.deepEqual(answers, [...Array(SIGN_IN_FAILURES).fill(401), 429]);
  });
});
