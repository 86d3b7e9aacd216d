import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { SIGN_IN_LOCK_MS } from '../plugins/limits/account-limits';
import { describeEachDatabase, type TestApp } from '../test/app';
import { travelerWithPassword } from '../test/travelers';
import { LOGIN, RECOVER, SEND_OTP } from '../test/calls';

const PASSWORD = 'Right-Pass-42!';

let sequence = 0;
/** Client addresses of their own for each test: `count` of them. */
const addresses = (count: number) => {
  sequence += 1;
  return Array.from({ length: count }, (_, index) => `10.${40 + (sequence % 50)}.${process.pid % 250}.${index + 1}`);
};

describeEachDatabase('per-account limits', ({ build, database }) => {
  /** An app whose limits read `clock.now` (moved by the test instead of waiting). */
  function appWithClock(overrides: Parameters<typeof build>[0] = {}) {
    const clock = { now: Date.now() };
    const app = build(overrides, { limits: { now: () => clock.now } });
    return { app, clock };
  }

  const login = (app: TestApp, username: string, password: string, remoteAddress: string, language = 'EN') =>
    app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username, password },
      remoteAddress,
      headers: { 'accept-language': language },
    });

  it('refuses the right password after 40 wrong ones from 8 addresses, with a growing lock; another traveler behind the same address signs in', async () => {
    const { app, clock } = appWithClock();
    await app.ready();
    const victim = await travelerWithPassword(database().db, PASSWORD);
    const neighbour = await travelerWithPassword(database().db, PASSWORD);
    const nat = addresses(8);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1)
      statuses.push((await login(app, victim.email, `guess-${attempt}`, nat[attempt % 8] ?? '')).statusCode);
    assert.deepEqual(
      statuses,
      [...Array<number>(10).fill(401), ...Array<number>(30).fill(429)],
      'ten wrong passwords, then the account is locked',
    );

    const refused = await login(app, victim.email.toUpperCase(), PASSWORD, nat[0] ?? '', 'IT');
    assert.equal(refused.statusCode, 429, 'the right password is refused during the lock (the name in any case)');
    assert.deepEqual(refused.json(), { detail: 'Troppe password errate per questo account. Riprova tra 1 min.' });
    assert.equal(refused.headers['retry-after'], String(SIGN_IN_LOCK_MS / 1000));
    assert.equal(refused.cookies.length, 0);

    // One abuser behind an airport's address locks one account, not the address.
    assert.equal((await login(app, neighbour.email, PASSWORD, nat[0] ?? '')).statusCode, 204);

    // After the lock, each further wrong password locks the account for twice as long.
    clock.now += SIGN_IN_LOCK_MS;
    assert.equal((await login(app, victim.email, 'guess-again', nat[1] ?? '')).statusCode, 401);
    const longer = await login(app, victim.email, PASSWORD, nat[1] ?? '');
    assert.equal(longer.statusCode, 429);
    assert.equal(longer.headers['retry-after'], String((2 * SIGN_IN_LOCK_MS) / 1000));
    assert.deepEqual(longer.json(), { detail: 'Too many wrong passwords for this account. Try again in 2 min.' });

    // Once it ends, the right password signs in and the wrong ones are forgotten.
    clock.now += 2 * SIGN_IN_LOCK_MS;
    assert.equal((await login(app, victim.email, PASSWORD, nat[2] ?? '')).statusCode, 204);
    assert.equal((await login(app, victim.email, 'typo', nat[2] ?? '')).statusCode, 401);
    assert.equal((await login(app, victim.email, PASSWORD, nat[2] ?? '')).statusCode, 204);
  });

  it('answers an unknown name exactly as an account: the lock does not tell whether an account exists', async () => {
    const { app } = appWithClock();
    await app.ready();
    const known = await travelerWithPassword(database().db, PASSWORD);
    const unknown = `nobody.${process.pid}.${Date.now()}@example.com`;
    const [first, second] = addresses(2);
    const answers = async (username: string, address: string) => {
      const seen: Array<[number, string, string | undefined]> = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const response = await login(app, username, `guess-${attempt}`, address);
        seen.push([response.statusCode, response.body, response.headers['retry-after'] as string | undefined]);
      }
      return seen;
    };
    assert.deepEqual(await answers(unknown, first ?? ''), await answers(known.email, second ?? ''));
  });

  it('queues at most 5 reset mails an hour for one account from 15 addresses, and answers an unknown address alike', async () => {
    const { app, clock } = appWithClock();
    await app.ready();
    const victim = await travelerWithPassword(database().db, PASSWORD);
    const unknown = `ghost.${process.pid}.${Date.now()}@example.com`;
    const ask = async (email: string) => {
      const seen: Array<[number, string | undefined]> = [];
      for (const remoteAddress of addresses(15)) {
        const response = await app.inject({
          method: 'POST',
          url: RECOVER,
          payload: { email, lan: 'IT' },
          remoteAddress,
          headers: { 'accept-language': 'EN' },
        });
        seen.push([response.statusCode, response.statusCode === 429 ? response.json().detail : undefined]);
      }
      return seen;
    };
    const forVictim = await ask(victim.email);
    assert.deepEqual(forVictim, [
      ...Array(5).fill([204, undefined]),
      ...Array(10).fill([429, 'Too many e-mails requested for this account. Try again in 60 min.']),
    ]);
    assert.deepEqual(await ask(unknown), forVictim, 'an unknown address gets the same answers');
    await app.background.settled();
    const mails = await database()
      .db.selectFrom('mail_outbox')
      .select('template')
      .where(sql<string>`lower(recipient)`, '=', victim.email.toLowerCase())
      .execute();
    assert.deepEqual(
      mails.map((mail) => mail.template),
      Array(5).fill('password-reset'),
    );

    // The next hour, the account may ask again.
    clock.now += 60 * 60 * 1000;
    const later = await app.inject({
      method: 'POST',
      url: RECOVER,
      payload: { email: victim.email },
      remoteAddress: addresses(1)[0],
    });
    assert.equal(later.statusCode, 204);
  });

  it('limits the sign-in codes mailed to one account per hour, across its sessions', async () => {
    const { app } = appWithClock({
      accountLimits: { signInFailures: 10, mailsPerHour: 5, otpMailsPerHour: 3, claimsPerDay: 5 },
    });
    await app.ready();
    const traveler = await travelerWithPassword(database().db, PASSWORD);
    const [address] = addresses(1);
    const pending = async () => {
      const response = await login(app, traveler.email, PASSWORD, address ?? '');
      assert.equal(response.statusCode, 204);
      return `varco_session=${response.cookies.find((cookie) => cookie.name === 'varco_session')?.value ?? ''}`;
    };
    const send = (cookie: string) =>
      app.inject({ method: 'POST', url: SEND_OTP, headers: { cookie, 'accept-language': 'EN' } });
    const first = await pending();
    assert.deepEqual([(await send(first)).statusCode, (await send(first)).statusCode], [200, 200]);
    const second = await pending();
    assert.equal((await send(second)).statusCode, 200);
    const refused = await send(second);
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { detail: 'Too many e-mails requested for this account. Try again in 60 min.' });
    assert.ok(Number(refused.headers['retry-after']) > 3500);
    assert.equal((await send(await pending())).statusCode, 429, 'a new session of the account too');
    const mails = await database()
      .db.selectFrom('mail_outbox')
      .select('template')
      .where('recipient', '=', traveler.email)
      .execute();
    assert.equal(mails.length, 3);
  });
});
