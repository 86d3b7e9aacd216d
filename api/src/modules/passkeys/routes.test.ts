import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import type { Passkey } from '@varco/contracts';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';
import { raceRounds } from '../../test/races';
import { until } from '../../test/wait';
import { SESSION_COOKIE } from '../auth';
import { CHALLENGE_COOKIE, PASSKEY_OPTIONS_RATE_LIMIT_MAX } from './routes';
import { MAX_PASSKEYS } from './service';
import {
  addPasskey,
  authenticationOptions,
  FLAGS,
  PASSKEY_SIGN_IN_PATH as AUTH,
  PASSKEYS_PATH as PRIVATE,
  portalAuthenticator,
  PORTAL_ORIGIN,
  PORTAL_RP_ID as RP_ID,
  registrationOptions,
  signInWith,
  verifyPasskey,
  type FrameOptions,
  type RegisterOptions,
} from './testing';

type Response = Awaited<ReturnType<TestApp['inject']>>;

/** Sign-ins sent at once in a race round, and the rounds: ten browsers a round, as a cloned authenticator's would be. */
const RACERS = 10;
const RACE_ROUNDS_OF_TEN = 5;
/** Each racer's own address (the sign-in's limits count per address). */
const racerAddress = (round: number, index: number) => `10.53.${round}.${index + 1}`;

const cookieOf = (response: Response, name: string) => response.cookies.find((cookie) => cookie.name === name);

describeEachDatabase('passkeys', ({ build, database, kind }) => {
  let app: TestApp;

  before(async () => {
    // The sign-in limit is the credentials sign-in's (LOGIN_RATE_LIMIT_MAX); these tests sign in more often than that.
    app = build({ loginRateLimitMax: 1000 }, { visaExpiry: { enabled: false }, deadlineReminders: { enabled: false } });
    await app.ready();
  });

  const db = () => database().db;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    { cookies = [], body, language = 'EN' }: { cookies?: string[]; body?: unknown; language?: string } = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { 'accept-language': language, ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const verify = (cookie: string, credential: unknown, language = 'EN') =>
    verifyPasskey(app, cookie, credential, language);

  const list = async (traveler: SignedInTraveler) => {
    const response = await call('GET', PRIVATE, { cookies: [traveler.cookie] });
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as { passkeys: Passkey[] }).passkeys;
  };

  const emailOf = async (traveler: SignedInTraveler) =>
    (await db().selectFrom('traveler').select('email').where('id', '=', traveler.id).executeTakeFirstOrThrow()).email;

  it('adds a passkey from a signed-in session, and signs in with it into a full session without OTP', async () => {
    const traveler = await signedInTraveler(db());
    const { options } = await registrationOptions(app, traveler);
    assert.equal(options.rp.id, RP_ID);
    assert.equal(options.rp.name, 'Varco');
    assert.equal(options.user.name, await emailOf(traveler));
    assert.equal(options.user.displayName, 'Grace Hopper');
    assert.equal(options.authenticatorSelection?.userVerification, 'required');
    assert.equal(options.authenticatorSelection?.residentKey, 'required');

    const { authenticator, passkey } = await addPasskey(app, traveler, '  Phone  ', { synced: true });
    assert.equal(passkey.name, 'Phone');
    assert.equal(passkey.lastUsedAt, null);
    assert.equal(passkey.backedUp, true);
    const stored = await db()
      .selectFrom('passkey')
      .selectAll()
      .where('traveler_id', '=', traveler.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.credential_id, authenticator.credentialId);
    assert.equal(stored.device_type, 'multiDevice');
    assert.deepEqual(stored.transports, ['internal']);

    const { options: request } = await authenticationOptions(app);
    assert.equal(request.rpId, RP_ID);
    assert.equal(request.userVerification, 'required');
    assert.deepEqual(
      request.allowCredentials ?? [],
      [],
      'no credential listed: the browser offers the passkeys it holds',
    );

    const signIn = await signInWith(app, authenticator);
    assert.equal(signIn.statusCode, 204, signIn.body);
    const session = cookieOf(signIn, SESSION_COOKIE);
    assert.ok(session?.httpOnly);
    assert.equal(cookieOf(signIn, CHALLENGE_COOKIE)?.value, '', 'the spent ceremony cookie is cleared');
    // A FULL session at once: private calls answer, with no x-otp.
    const info = await call('GET', '/api/v1/private/traveler/user-info', {
      cookies: [`${SESSION_COOKIE}=${session.value}`],
    });
    assert.equal(info.statusCode, 200, info.body);
    assert.equal((info.json() as { email: string }).email, await emailOf(traveler));
    const invoices = await call('GET', '/api/v1/private/invoices/latest', {
      cookies: [`${SESSION_COOKIE}=${session.value}`],
    });
    assert.equal(invoices.statusCode, 200);

    const [listed] = await list(traveler);
    assert.ok(listed?.lastUsedAt, 'the sign-in is recorded as the last use');
    const counter = await db()
      .selectFrom('passkey')
      .select('counter')
      .where('traveler_id', '=', traveler.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(counter.counter), 1);
  });

  it('refuses a replayed assertion: the challenge is single use', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler);
    const { options, cookie } = await authenticationOptions(app);
    const assertion = authenticator.assert(options);
    assert.equal((await verify(cookie, assertion)).statusCode, 204);
    const replay = await verify(cookie, assertion);
    assert.equal(replay.statusCode, 400);
    assert.equal(replay.json().detail, 'The passkey request has expired or was already used: try again.');
    assert.equal(cookieOf(replay, SESSION_COOKIE), undefined);
    // Nor with the challenge of another ceremony of this browser.
    const fresh = await authenticationOptions(app);
    const stale = await verify(fresh.cookie, assertion);
    assert.equal(stale.statusCode, 401);
    assert.equal(
      stale.json().detail,
      'The passkey could not be verified: try again, or sign in with your e-mail and password.',
    );
  });

  it('refuses an assertion without this browser’s ceremony cookie, or after the challenge expired', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler);
    const { options } = await authenticationOptions(app);
    const noCookie = await call('POST', `${AUTH}/verify`, { body: { credential: authenticator.assert(options) } });
    assert.equal(noCookie.statusCode, 400);

    const late = await authenticationOptions(app);
    await db()
      .updateTable('webauthn_challenge')
      .set({ expires_at: new Date(Date.now() - 1000) } as never)
      .where('challenge', '=', late.options.challenge)
      .execute();
    const expired = await verify(late.cookie, authenticator.assert(late.options), 'IT');
    assert.equal(expired.statusCode, 400);
    assert.equal(expired.json().detail, 'La richiesta della passkey è scaduta o è già stata usata: riprova.');
  });

  it('refuses an assertion made for another origin (a phishing page) and one without user verification', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler);
    const phishing = await authenticationOptions(app);
    const response = await verify(
      phishing.cookie,
      authenticator.assert(phishing.options, { origin: 'https://varco-login.example.com' }),
    );
    assert.equal(response.statusCode, 401);
    assert.equal(cookieOf(response, SESSION_COOKIE), undefined);
    const presenceOnly = await authenticationOptions(app);
    assert.equal(
      (await verify(presenceOnly.cookie, authenticator.assert(presenceOnly.options, { flags: FLAGS.UP }))).statusCode,
      401,
    );
  });

  it('refuses a signature counter that does not grow (a cloned authenticator) and a change of backup eligibility', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler);
    assert.equal((await signInWith(app, authenticator)).statusCode, 204);
    const again = await authenticationOptions(app);
    assert.equal((await verify(again.cookie, authenticator.assert(again.options, { counter: 1 }))).statusCode, 401);
    const eligible = await authenticationOptions(app);
    assert.equal(
      (
        await verify(
          eligible.cookie,
          authenticator.assert(eligible.options, { counter: 5, flags: FLAGS.UP | FLAGS.UV | FLAGS.BE }),
        )
      ).statusCode,
      401,
    );
    assert.equal((await signInWith(app, authenticator)).statusCode, 204);
  });

  it('signs in once of ten sign-ins sent at once with one counter value (a cloned authenticator)', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler);
    await raceRounds(async (round) => {
      // Ten browsers, each from an address of its own, each with its own challenge: all signed with one counter.
      const ceremonies = await Promise.all(
        Array.from({ length: RACERS }, (_, index) => authenticationOptions(app, racerAddress(round, index))),
      );
      const counter = (round + 1) * 10;
      const answers = await Promise.all(
        ceremonies.map(({ options, cookie }, index) =>
          verifyPasskey(app, cookie, authenticator.assert(options, { counter }), 'EN', racerAddress(round, index)),
        ),
      );
      assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [
        204,
        ...Array.from({ length: RACERS - 1 }, () => 401),
      ]);
      assert.equal(answers.filter((answer) => cookieOf(answer, SESSION_COOKIE)?.value).length, 1, 'one session');
      const stored = await db()
        .selectFrom('passkey')
        .select('counter')
        .where('traveler_id', '=', traveler.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.counter), counter);
    }, RACE_ROUNDS_OF_TEN);
  });

  it('signs in with a passkey that keeps no counter (0) as often as asked, at once too', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler, 'Synced', { synced: true });
    const ceremonies = await Promise.all(
      Array.from({ length: RACERS }, (_, index) => authenticationOptions(app, racerAddress(99, index))),
    );
    const answers = await Promise.all(
      ceremonies.map(({ options, cookie }, index) =>
        verifyPasskey(app, cookie, authenticator.assert(options, { counter: 0 }), 'EN', racerAddress(99, index)),
      ),
    );
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      Array.from({ length: RACERS }, () => 204),
    );
    const again = await authenticationOptions(app);
    assert.equal((await verify(again.cookie, authenticator.assert(again.options, { counter: 0 }))).statusCode, 204);
    // Once it counts, it must keep counting: a 0 after a 3 is a clone's.
    const counting = await authenticationOptions(app);
    assert.equal(
      (await verify(counting.cookie, authenticator.assert(counting.options, { counter: 3 }))).statusCode,
      204,
    );
    const back = await authenticationOptions(app);
    assert.equal((await verify(back.cookie, authenticator.assert(back.options, { counter: 0 }))).statusCode, 401);
  });

  it('refuses, with a clear 400, a credential that could never sign in, and stores nothing', async () => {
    const traveler = await signedInTraveler(db());
    const register = async (overrides: RegisterOptions) => {
      const { options, cookie } = await registrationOptions(app, traveler);
      return call('POST', PRIVATE, {
        cookies: [traveler.cookie, cookie],
        body: { name: 'Key', credential: portalAuthenticator().register(options, overrides) },
      });
    };
    const offCurve = (members: Map<number, unknown>) => {
      const y = Buffer.from(members.get(-3) as Buffer);
      y[31]! ^= 1;
      return new Map([...members, [-3, y]]) as never;
    };
    const without = (key: number) => (members: Map<number, unknown>) =>
      new Map([...members].filter(([member]) => member !== key)) as never;
    const withMember = (key: number, value: number) => (members: Map<number, unknown>) =>
      new Map([...members, [key, value]]) as never;
    const cases: Array<[string, RegisterOptions]> = [
      ['a point off the curve', { coseKey: offCurve }],
      ['an unknown kty', { coseKey: withMember(1, 9) }],
      ['an unknown crv', { coseKey: withMember(-1, 7) }],
      ['a curve that does not fit the point (P-384)', { coseKey: withMember(-1, 2) }],
      ['no y', { coseKey: without(-3) }],
      ['a counter that can no longer grow', { counter: 0xffff_ffff }],
      // The id stored is the authenticator data's: it must be the one the answer names, which the schema bounds.
      [
        'a credential id of 1,024 bytes behind a short one',
        { credentialId: randomBytes(1024), answerId: randomBytes(16) },
      ],
    ];
    for (const [what, overrides] of cases) {
      const response = await register(overrides);
      assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
      assert.deepEqual(
        response.json(),
        {
          detail:
            'This passkey cannot be used with the portal: its device gave a key that cannot be checked. Add one from another device or password manager.',
        },
        what,
      );
    }
    // An id over the spec's 1023 bytes is refused by the body's schema, named; the longest one allowed is kept.
    const tooLong = await register({ credentialId: randomBytes(1024) });
    assert.equal(tooLong.statusCode, 400);
    assert.equal(tooLong.json().extra['credential.id'], 'Enter at most 1364 characters');
    const kept = await register({ credentialId: randomBytes(1023) });
    assert.equal(kept.statusCode, 201, kept.body);
    assert.deepEqual(
      (await list(traveler)).map((passkey) => passkey.name),
      ['Key'],
    );
  });

  it('refuses a ceremony run inside another site’s frame (crossOrigin, topOrigin), to add a passkey or sign in', async () => {
    const traveler = await signedInTraveler(db());
    const framed: FrameOptions[] = [
      { crossOrigin: true },
      { crossOrigin: true, topOrigin: 'https://evil.example.com' },
      { topOrigin: PORTAL_ORIGIN },
    ];
    for (const frame of framed) {
      const { options, cookie } = await registrationOptions(app, traveler);
      const response = await call('POST', PRIVATE, {
        cookies: [traveler.cookie, cookie],
        body: { name: 'Laptop', credential: portalAuthenticator().register(options, frame) },
        language: 'DE',
      });
      assert.equal(response.statusCode, 400, JSON.stringify(frame));
      assert.match(response.json().detail, /^Passkeys funktionieren nur auf der Seite des Portals selbst/);
    }
    assert.deepEqual(await list(traveler), []);

    const { authenticator } = await addPasskey(app, traveler);
    for (const frame of framed) {
      const { options, cookie } = await authenticationOptions(app);
      const response = await verify(cookie, authenticator.assert(options, frame));
      assert.equal(response.statusCode, 401, JSON.stringify(frame));
      assert.match(response.json().detail, /^Passkeys work only on the portal’s own page/);
      assert.equal(cookieOf(response, SESSION_COOKIE), undefined);
    }
    assert.equal((await signInWith(app, authenticator)).statusCode, 204);
  });

  it('refuses a registration made for another origin, without its session, or with a used challenge', async () => {
    const traveler = await signedInTraveler(db());
    const other = await signedInTraveler(db());
    const authenticator = portalAuthenticator();

    const phishing = await registrationOptions(app, traveler);
    const wrongOrigin = await call('POST', PRIVATE, {
      cookies: [traveler.cookie, phishing.cookie],
      body: {
        name: 'Laptop',
        credential: authenticator.register(phishing.options, { origin: 'https://evil.example.com' }),
      },
    });
    assert.equal(wrongOrigin.statusCode, 400);
    assert.equal(wrongOrigin.json().detail, 'The passkey could not be added: try again.');

    // The challenge is bound to the session that asked for it.
    const mine = await registrationOptions(app, traveler);
    const credential = authenticator.register(mine.options);
    const stolen = await call('POST', PRIVATE, {
      cookies: [other.cookie, mine.cookie],
      body: { name: 'Laptop', credential },
    });
    assert.equal(stolen.statusCode, 400);
    assert.equal(stolen.json().detail, 'The passkey request has expired or was already used: try again.');
    // ...and was spent by that attempt.
    assert.equal(
      (await call('POST', PRIVATE, { cookies: [traveler.cookie, mine.cookie], body: { name: 'Laptop', credential } }))
        .statusCode,
      400,
    );
    assert.deepEqual(await list(traveler), []);
    assert.deepEqual(await list(other), []);
  });

  it('checks the name, excludes the passkeys already registered and refuses more than the maximum', async () => {
    const traveler = await signedInTraveler(db());
    const authenticator = portalAuthenticator();
    const first = await registrationOptions(app, traveler);
    const credential = authenticator.register(first.options);
    const empty = await call('POST', PRIVATE, {
      cookies: [traveler.cookie, first.cookie],
      body: { name: '   ', credential },
    });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().extra.name, 'This field cannot be empty');
    const long = await registrationOptions(app, traveler);
    const tooLong = await call('POST', PRIVATE, {
      cookies: [traveler.cookie, long.cookie],
      body: { name: 'x'.repeat(51), credential: authenticator.register(long.options) },
    });
    assert.equal(tooLong.json().extra.name, 'Enter at most 50 characters');

    const { authenticator: laptop } = await addPasskey(app, traveler, 'Laptop');
    const { options } = await registrationOptions(app, traveler);
    assert.deepEqual(
      options.excludeCredentials?.map((item) => item.id),
      [laptop.credentialId],
    );

    for (let index = 1; index < MAX_PASSKEYS; index += 1) await addPasskey(app, traveler, `Key ${index}`);
    const full = await call('POST', `${PRIVATE}/registration-options`, { cookies: [traveler.cookie] });
    assert.equal(full.statusCode, 409);
    assert.equal(
      full.json().detail,
      `You can have at most ${MAX_PASSKEYS} passkeys: remove one before adding another.`,
    );
  });

  it('refuses a passkey no account holds any more: removed, it stops at once', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator, passkey } = await addPasskey(app, traveler);
    assert.equal((await signInWith(app, authenticator)).statusCode, 204);
    const removed = await call('DELETE', `${PRIVATE}/${passkey.id}`, { cookies: [traveler.cookie] });
    assert.equal(removed.statusCode, 204);
    assert.deepEqual(await list(traveler), []);

    const { options, cookie } = await authenticationOptions(app);
    const refused = await verify(cookie, authenticator.assert(options), 'IT');
    assert.equal(refused.statusCode, 401);
    assert.equal(
      refused.json().detail,
      'Questa passkey non è registrata per nessun account (potrebbe essere stata rimossa): accedi con e-mail e password.',
    );
    assert.equal(cookieOf(refused, SESSION_COOKIE), undefined);
  });

  it('ends the sessions a removed passkey opened, on every instance at once; the traveler’s other sessions stay', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator, passkey } = await addPasskey(app, traveler, 'Lost phone');
    const signIn = await signInWith(app, authenticator);
    assert.equal(signIn.statusCode, 204, signIn.body);
    const phone = `${SESSION_COOKIE}=${cookieOf(signIn, SESSION_COOKIE)?.value}`;
    // A second api instance on the same database; both have served (and cached) the phone's session.
    const other = build(
      { loginRateLimitMax: 1000 },
      { visaExpiry: { enabled: false }, deadlineReminders: { enabled: false } },
    );
    await other.ready();
    const infoOn = async (instance: TestApp, cookie: string) =>
      (await instance.inject({ method: 'GET', url: '/api/v1/private/traveler/user-info', headers: { cookie } }))
        .statusCode;
    for (const instance of [app, other]) assert.equal(await infoOn(instance, phone), 200);
    const generation = other.auth.cache.generation;

    // Removed from the traveler's other session (the password one here).
    assert.equal((await call('DELETE', `${PRIVATE}/${passkey.id}`, { cookies: [traveler.cookie] })).statusCode, 204);
    assert.equal(await infoOn(app, phone), 401, 'the phone is signed out at once on the instance that removed it');
    assert.equal(await infoOn(app, traveler.cookie), 200, 'the session that removed it stays');
    await until(
      'the other instance to hear from the database that sessions ended',
      () => other.auth.cache.generation > generation,
    );
    assert.equal(await infoOn(other, phone), 401);
    assert.equal(await infoOn(other, traveler.cookie), 200);
  });

  it('removed from the session it opened: that session ends and its cookie is cleared in the same answer', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator, passkey } = await addPasskey(app, traveler, 'Phone');
    const signIn = await signInWith(app, authenticator);
    const phone = `${SESSION_COOKIE}=${cookieOf(signIn, SESSION_COOKIE)?.value}`;
    const removed = await call('DELETE', `${PRIVATE}/${passkey.id}`, { cookies: [phone] });
    assert.equal(removed.statusCode, 204);
    const cleared = cookieOf(removed, SESSION_COOKIE);
    assert.equal(cleared?.value, '');
    assert.ok(cleared?.expires && cleared.expires.getTime() <= Date.now(), 'the cookie is expired');
    assert.equal((await call('GET', PRIVATE, { cookies: [phone] })).statusCode, 401);
  });

  it('removed from another session: that session keeps its cookie', async () => {
    const traveler = await signedInTraveler(db());
    const { passkey } = await addPasskey(app, traveler, 'Old laptop');
    const removed = await call('DELETE', `${PRIVATE}/${passkey.id}`, { cookies: [traveler.cookie] });
    assert.equal(removed.statusCode, 204);
    assert.equal(cookieOf(removed, SESSION_COOKIE), undefined);
    assert.equal((await call('GET', PRIVATE, { cookies: [traveler.cookie] })).statusCode, 200);
  });

  it('lets only its owner list and remove a passkey', async () => {
    const owner = await signedInTraveler(db());
    const other = await signedInTraveler(db());
    const { passkey } = await addPasskey(app, owner);
    assert.deepEqual(await list(other), []);
    const response = await call('DELETE', `${PRIVATE}/${passkey.id}`, { cookies: [other.cookie] });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().detail, 'Passkey not found.');
    assert.deepEqual(
      (await list(owner)).map((item) => item.id),
      [passkey.id],
    );
    assert.equal((await call('DELETE', `${PRIVATE}/${passkey.id}`)).statusCode, 401);
  });

  it('tells the traveler of each passkey added or removed, in a notification and an e-mail', async () => {
    const traveler = await signedInTraveler(db());
    const { passkey } = await addPasskey(app, traveler, 'Tablet');
    await call('DELETE', `${PRIVATE}/${passkey.id}`, { cookies: [traveler.cookie] });
    const notifications = await db()
      .selectFrom('notification')
      .select(['kind', 'params'])
      .where('traveler_id', '=', traveler.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(notifications, [
      { kind: 'PASSKEY_ADDED', params: { name: 'Tablet' } },
      { kind: 'PASSKEY_REMOVED', params: { name: 'Tablet' } },
    ]);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select(['text_body'])
      .where('recipient', '=', await emailOf(traveler))
      .where('template', '=', 'notification')
      .orderBy('id')
      .execute();
    assert.equal(mails.length, 2);
    assert.match(mails[0]!.text_body, /The passkey “Tablet” has been added to your account/);
    assert.match(mails[1]!.text_body, /The passkey “Tablet” has been removed from your account/);
    const listed = await call('GET', '/api/v1/private/notifications', { cookies: [traveler.cookie], language: 'IT' });
    assert.match(listed.body, /La passkey “Tablet” è stata rimossa dal tuo account/);
  });

  it('keeps the passkeys through a password reset, whose mail counts them, and removes them with the account', async () => {
    const traveler = await signedInTraveler(db());
    const { authenticator } = await addPasskey(app, traveler, 'Phone');
    await addPasskey(app, traveler, 'Laptop');
    const email = await emailOf(traveler);
    const reset = await call('POST', '/api/v1/public/traveler/send-change-pwd-token', { body: { email } });
    assert.equal(reset.statusCode, 204);
    // The reset is answered before the account is looked up (the same time for any address): its mail follows.
    await app.background.settled();
    const mail = await db()
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', email)
      .where('template', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    assert.match(mail.text_body, /Your account has 2 passkeys: a new password does not remove them\./);

    assert.equal((await call('DELETE', '/api/v1/private/traveler', { cookies: [traveler.cookie] })).statusCode, 204);
    const left = await db().selectFrom('passkey').select('id').where('traveler_id', '=', traveler.id).execute();
    assert.deepEqual(left, []);
    assert.equal((await signInWith(app, authenticator)).statusCode, 401);
  });

  it('limits the sign-in attempts per client as the credentials sign-in does, and the options requests', async () => {
    const limited = build({ loginRateLimitMax: 2 });
    // An address of this test's own: the limits count in the database, shared with every other test's app.
    const remoteAddress = `10.52.${process.pid % 250}.${kind === 'postgres' ? 2 : 1}`;
    const attempt = () =>
      limited.inject({ method: 'POST', url: `${AUTH}/verify`, payload: { credential: {} }, remoteAddress });
    assert.equal((await attempt()).statusCode, 400);
    assert.equal((await attempt()).statusCode, 400);
    const refused = await attempt();
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().detail, 'Too many requests. Please try again in a moment.');
    const statuses = [];
    for (let index = 0; index <= PASSKEY_OPTIONS_RATE_LIMIT_MAX; index += 1)
      statuses.push((await limited.inject({ method: 'POST', url: `${AUTH}/options`, remoteAddress })).statusCode);
    assert.deepEqual(statuses, [...Array.from({ length: PASSKEY_OPTIONS_RATE_LIMIT_MAX }, () => 200), 429]);
  });

  it('keeps the private calls for a signed-in traveler', async () => {
    assert.equal((await call('GET', PRIVATE)).statusCode, 401);
    assert.equal((await call('POST', `${PRIVATE}/registration-options`)).statusCode, 401);
  });
});
