import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { sessionCookie, signedInTraveler } from '../../test/travelers';
import { until } from '../../test/wait';
import { accountKeyQueries } from '../travelers/testing';
import { sha256 } from '../../secrets';
import { createAuthService } from './service';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import { CHANGE_PWD, HEARTBEAT, LOGOUT } from '../../test/calls';

const TRAVELER = '/api/v1/private/traveler';

const heartbeat = async (app: TestApp, cookie: string) =>
  (await app.inject({ method: 'PUT', url: HEARTBEAT, headers: { cookie } })).statusCode;

/**
 * Call before ending sessions elsewhere; the function it returns resolves once `app` has heard the database's message
 * about it (its cache has evicted something), after which its answers must already follow.
 */
function nextEviction(app: TestApp): () => Promise<unknown> {
  const generation = app.auth.cache.generation;
  return () =>
    until('the instance to hear from the database that sessions ended', () => app.auth.cache.generation > generation);
}

/** Counts the session reads of an app (the guard's only query). */
function countSessionReads(app: TestApp): () => number {
  const repository = app.auth.repository;
  const original = repository.findLiveSession;
  let reads = 0;
  repository.findLiveSession = (...args) => {
    reads += 1;
    return original(...args);
  };
  return () => reads;
}

describeEachDatabase('session cache', ({ build, database, kind }) => {
  const db = () => database().db;

  /** A second FULL session of the same traveler. */
  const anotherSession = (travelerId: number) => sessionCookie(db(), travelerId);

  it('serves a signed-in session from the cache: no session query after the first call', async () => {
    const app = build();
    await app.ready();
    const traveler = await signedInTraveler(db());
    const reads = countSessionReads(app);
    assert.equal(await heartbeat(app, traveler.cookie), 204);
    assert.equal(reads(), 1);
    for (let index = 0; index < 5; index += 1) assert.equal(await heartbeat(app, traveler.cookie), 204);
    assert.equal(reads(), 1);
    assert.equal(app.auth.cache.size, 1);
  });

  it('reads the session once for the calls a page sends together', async () => {
    const app = build();
    await app.ready();
    const traveler = await signedInTraveler(db());
    const reads = countSessionReads(app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => heartbeat(app, traveler.cookie)));
    assert.deepEqual(answers, [204, 204, 204, 204, 204, 204]);
    assert.equal(reads(), 1);
  });

  it('signs out at once on the same app, although the session was cached', async () => {
    const app = build();
    const traveler = await signedInTraveler(db());
    const other = await anotherSession(traveler.id);
    assert.equal(await heartbeat(app, traveler.cookie), 204);
    assert.equal(await heartbeat(app, other), 204);
    assert.equal(
      (await app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: traveler.cookie } })).statusCode,
      204,
    );
    assert.equal(await heartbeat(app, traveler.cookie), 401);
    // The traveler's other session is read again, and still works.
    assert.equal(await heartbeat(app, other), 204);
  });

  it('ends every cached session of the traveler at once on a password change', async () => {
    const app = build();
    const traveler = await signedInTraveler(db());
    const other = await anotherSession(traveler.id);
    assert.equal(await heartbeat(app, traveler.cookie), 204);
    assert.equal(await heartbeat(app, other), 204);
    const key1 = randomBytes(16).toString('base64url');
    const key2 = randomBytes(32).toString('base64url');
    await accountKeyQueries.insert(db(), {
      travelerId: traveler.id,
      kind: 'PASSWORD_RESET',
      key1Hash: sha256(key1),
      key2Hash: sha256(key2),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const changed = await app.inject({
      method: 'PATCH',
      url: `${CHANGE_PWD}?key1=${key1}&key2=${key2}`,
      payload: { newPwd: 'Another-Pass-42!' },
    });
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal(await heartbeat(app, traveler.cookie), 401);
    assert.equal(await heartbeat(app, other), 401);
  });

  it('ends every cached session of the traveler at once on the deletion of the account', async () => {
    const app = build();
    const traveler = await signedInTraveler(db());
    const other = await anotherSession(traveler.id);
    assert.equal(await heartbeat(app, other), 204);
    assert.equal(
      (await app.inject({ method: 'DELETE', url: TRAVELER, headers: { cookie: traveler.cookie } })).statusCode,
      204,
    );
    assert.equal(await heartbeat(app, other), 401);
    assert.equal(await heartbeat(app, traveler.cookie), 401);
  });

  it("answers the polling calls' warm path from memory only: a session it does not hold is left to the guard, unread", async () => {
    await build().ready(); // migrations
    const auth = createAuthService(db(), { cache: new SessionCache() });
    let reads = 0;
    const original = auth.repository.findLiveSession;
    auth.repository.findLiveSession = (...args) => {
      reads += 1;
      return original(...args);
    };
    const traveler = await signedInTraveler(db());
    const token = traveler.cookie.slice(traveler.cookie.indexOf('=') + 1);
    assert.equal(auth.warmSession(token), undefined);
    assert.equal(reads, 0, 'nothing read');
    assert.equal((await auth.resolveSession(token))?.level, 'FULL');
    assert.equal(auth.warmSession(token)?.traveler_id, traveler.id);
    assert.equal(reads, 1);
  });

  it('refuses a cached session past its expiry, and never caches a session waiting for its OTP', async () => {
    await build().ready(); // migrations
    let clock = Date.now();
    const auth = createAuthService(db(), { now: () => new Date(clock), cache: new SessionCache() });
    const reads = (() => {
      const original = auth.repository.findLiveSession;
      let count = 0;
      auth.repository.findLiveSession = (...args) => {
        count += 1;
        return original(...args);
      };
      return () => count;
    })();
    const traveler = await signedInTraveler(db());
    const token = randomBytes(32).toString('base64url');
    await auth.repository.createSession({
      tokenHash: sha256(token),
      travelerId: traveler.id,
      level: 'FULL',
      expiresAt: new Date(clock + 10_000),
    });
    assert.equal((await auth.resolveSession(token))?.level, 'FULL');
    assert.equal((await auth.resolveSession(token))?.level, 'FULL');
    assert.equal(reads(), 1);
    // 11 s later, well within the cache's lifetime: the session has expired and is refused.
    clock += 11_000;
    assert.ok(SESSION_CACHE_TTL_MS > 11_000);
    assert.equal(await auth.resolveSession(token), undefined);
    assert.equal(await auth.resolveSession(token), undefined);

    const pending = randomBytes(32).toString('base64url');
    await auth.repository.createSession({
      tokenHash: sha256(pending),
      travelerId: traveler.id,
      level: 'OTP_PENDING',
      expiresAt: new Date(clock + 600_000),
    });
    const before = reads();
    assert.equal((await auth.resolveSession(pending))?.level, 'OTP_PENDING');
    assert.equal((await auth.resolveSession(pending))?.level, 'OTP_PENDING');
    assert.equal(reads(), before + 2);
    assert.equal(auth.cache.size, 0);
  });

  it(`tells the other instances: a sign-out on one is refused on another once it hears the database (${kind})`, async () => {
    const first = build();
    const second = build();
    await Promise.all([first.ready(), second.ready()]);
    const traveler = await signedInTraveler(db());
    assert.equal(await heartbeat(second, traveler.cookie), 204);
    const reads = countSessionReads(second);
    assert.equal(await heartbeat(second, traveler.cookie), 204);
    assert.equal(reads(), 0, 'the second instance serves the session from its cache');
    const heard = nextEviction(second);
    assert.equal(
      (await first.inject({ method: 'POST', url: LOGOUT, headers: { cookie: traveler.cookie } })).statusCode,
      204,
    );
    await heard();
    assert.equal(await heartbeat(second, traveler.cookie), 401);
  });

  it(`hears of a live session deleted by any code, from the database, once committed (${kind})`, async () => {
    const app = build();
    await app.ready();
    const traveler = await signedInTraveler(db());
    const bystander = await signedInTraveler(db());
    for (const cookie of [traveler.cookie, bystander.cookie]) assert.equal(await heartbeat(app, cookie), 204);
    const reads = countSessionReads(app);
    // Not through the api: an operator's statement, or another instance's.
    const heard = nextEviction(app);
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('session').where('traveler_id', '=', traveler.id).execute();
      });
    await heard();
    assert.equal(await heartbeat(app, traveler.cookie), 401);
    const readsAfterEnd = reads();
    assert.equal(await heartbeat(app, bystander.cookie), 204);
    assert.equal(reads(), readsAfterEnd, 'another traveler’s session stays cached');
  });
});

it('bounds the cache: the least recently used entry goes first', () => {
  let now = Date.now();
  const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 2, now: () => now });
  const session = (n: number) => ({
    token_hash: `h${n}`,
    traveler_id: n,
    level: 'FULL' as const,
    created_at: new Date(),
    last_seen_at: new Date(),
    expires_at: new Date(Date.now() + 60_000),
    passkey_id: null,
  });
  for (const n of [1, 2, 3]) cache.set(session(n), cache.generation);
  assert.equal(cache.size, 2);
  assert.equal(cache.get('h1'), undefined);
  assert.equal(cache.get('h3')?.traveler_id, 3);
  // Stale after its lifetime; a value read before an eviction is not kept.
  now += 60_001;
  assert.equal(cache.get('h3'), undefined);
  const generation = cache.generation;
  cache.evictTraveler(99);
  cache.set(session(4), generation);
  assert.equal(cache.get('h4'), undefined);
  // A traveler's eviction forgets all of their sessions, and only theirs.
  cache.set(session(5), cache.generation);
  cache.set({ ...session(6), traveler_id: 5 }, cache.generation);
  assert.equal(cache.size, 2);
  cache.evictTraveler(5);
  assert.equal(cache.size, 0);
});
