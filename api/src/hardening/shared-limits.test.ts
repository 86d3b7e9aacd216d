import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeEachDatabase, type DatabaseContext, type TestApp } from '../test/app';
import { redisForTests, testRedisPrefix } from '../test/redis';
import { signedInTraveler, travelerWithPassword } from '../test/travelers';
import { HEARTBEAT, LOGIN, RECOVER, SEND_OTP } from '../test/calls';

const COUNT = '/api/v1/private/notifications/count';
const TYPOLOGY = '/api/v1/public/typology/TRANSPORT_TYPE';
const PASSWORD = 'Right-Pass-42!';

/** Small limits, so that each is reached in a few calls. */
const LIMITS = { loginRateLimitMax: 6, rateLimitMax: 20 };
const POLLING_MAX = 20;

let sequence = 0;
const nextAddress = () => {
  sequence += 1;
  return `10.60.${process.pid % 250}.${sequence}`;
};

type Instances = () => Promise<[TestApp, TestApp]>;

/**
 * The same limits, hit through two instances in turn: each is reached at the same count as on one instance. The
 * limits of the busiest calls are shared once a second; the tests share them after each call (the instance that took
 * it first), as the second would have passed.
 */
function sharedLimitCases(instances: Instances, database: DatabaseContext['database'], skip?: string) {
  /** Calls `call` on the two instances in turn until `count` calls: the status codes. */
  async function alternate(
    count: number,
    call: (app: TestApp, index: number) => Promise<{ statusCode: number }>,
    share = false,
  ): Promise<number[]> {
    const [one, two] = await instances();
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const [app, other] = index % 2 === 0 ? [one, two] : [two, one];
      statuses.push((await call(app, index)).statusCode);
      if (share) {
        await app.limits.flush();
        await other.limits.flush();
      }
    }
    return statuses;
  }
  const times = (status: number, count: number) => Array<number>(count).fill(status);

  it('counts the sign-in attempts of one address across instances', { skip }, async () => {
    const address = nextAddress();
    const statuses = await alternate(LIMITS.loginRateLimitMax + 1, (app, index) =>
      app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: `someone.${index}@example.com`, password: 'x' },
        remoteAddress: address,
      }),
    );
    assert.deepEqual(statuses, [...times(401, LIMITS.loginRateLimitMax), 429]);
  });

  it('counts the wrong passwords of one account across instances', { skip }, async () => {
    const traveler = await travelerWithPassword(database().db, PASSWORD);
    const statuses = await alternate(12, (app, index) =>
      app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: traveler.email, password: index < 10 ? 'wrong' : PASSWORD },
        remoteAddress: nextAddress(),
      }),
    );
    assert.deepEqual(statuses, [...times(401, 10), 429, 429]);
  });

  it('counts the reset mails of one account across instances', { skip }, async () => {
    const email = `shared.${process.pid}.${Date.now()}@example.com`;
    const statuses = await alternate(7, (app) =>
      app.inject({ method: 'POST', url: RECOVER, payload: { email }, remoteAddress: nextAddress() }),
    );
    assert.deepEqual(statuses, [...times(204, 5), 429, 429]);
  });

  it('counts the OTP mails of one session across instances', { skip }, async () => {
    const { cookie } = await signedInTraveler(database().db);
    const statuses = await alternate(6, (app) => app.inject({ method: 'POST', url: SEND_OTP, headers: { cookie } }));
    assert.deepEqual(statuses, [...times(200, 5), 429]);
  });

  it('counts the polling calls of one session across instances', { skip }, async () => {
    const { cookie } = await signedInTraveler(database().db);
    const statuses = await alternate(
      POLLING_MAX + 1,
      (app) => app.inject({ method: 'PUT', url: HEARTBEAT, headers: { cookie } }),
      true,
    );
    assert.deepEqual(statuses, [...times(204, POLLING_MAX), 429]);
  });

  it('counts the app-wide limit of one address across instances', { skip }, async () => {
    const address = nextAddress();
    const statuses = await alternate(
      LIMITS.rateLimitMax + 1,
      (app) => app.inject({ method: 'GET', url: TYPOLOGY, remoteAddress: address }),
      true,
    );
    assert.deepEqual(statuses, [...times(200, LIMITS.rateLimitMax), 429]);
  });
}

describeEachDatabase('limits shared by two instances', ({ build, database }) => {
  const pair = async (overrides = {}, prefix?: string): Promise<[TestApp, TestApp]> => {
    // One clock for both, stopped: the busiest calls count in windows aligned on the clock's minute, and a case that
    // ran across a minute's end would start counting again halfway.
    const at = Date.now();
    const limits = { pollingMax: POLLING_MAX, now: () => at, ...(prefix ? { redisPrefix: prefix } : {}) };
    const apps: [TestApp, TestApp] = [
      build({ ...LIMITS, ...overrides }, { limits }),
      build({ ...LIMITS, ...overrides }, { limits }),
    ];
    await Promise.all(apps.map((app) => app.ready()));
    return apps;
  };

  describe('counting in the database', () => {
    sharedLimitCases(() => pair(), database);
  });

  describe('counting in Redis', async () => {
    const redis = await redisForTests();
    describe('two instances on one Redis', () => {
      sharedLimitCases(() => pair({ redisUrl: redis.url }, testRedisPrefix()), database, redis.skip);
    });

    it('refuses sign-in and mail calls with 503 when Redis cannot be reached, and still answers the polling calls', async () => {
      // Nothing listens on port 1.
      const app = build({ ...LIMITS, redisUrl: 'redis://127.0.0.1:1' });
      await app.ready();
      const traveler = await travelerWithPassword(database().db, PASSWORD);
      const { cookie } = await signedInTraveler(database().db);
      const unavailable = { detail: 'Il servizio è temporaneamente non disponibile. Riprova più tardi.' };
      const answers = [
        await app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { username: traveler.email, password: PASSWORD },
          headers: { 'accept-language': 'IT' },
        }),
        await app.inject({
          method: 'POST',
          url: RECOVER,
          payload: { email: traveler.email },
          headers: { 'accept-language': 'IT' },
        }),
        await app.inject({ method: 'POST', url: SEND_OTP, headers: { cookie, 'accept-language': 'IT' } }),
      ];
      for (const answer of answers) {
        assert.equal(answer.statusCode, 503, answer.body);
        assert.deepEqual(answer.json(), unavailable);
        assert.equal(answer.headers['retry-after'], '5');
      }
      assert.equal((await app.inject({ method: 'PUT', url: HEARTBEAT, headers: { cookie } })).statusCode, 204);
      assert.equal((await app.inject({ method: 'GET', url: COUNT, headers: { cookie } })).statusCode, 200);
      await app.background.settled();
      const mails = await database()
        .db.selectFrom('mail_outbox')
        .select('id')
        .where('recipient', '=', traveler.email)
        .execute();
      assert.equal(mails.length, 0, 'no mail left uncounted');
    });
  });
});
