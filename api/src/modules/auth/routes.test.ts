import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { HOME_INVOICES_LIMIT, HOME_VISAS_LIMIT, InvoiceState, VisaState, type UserInfo } from '@varco/contracts';
import { sql } from 'kysely';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { DEMO_TRAVELER, seedDemoTraveler } from './demo-traveler';
import { LOGIN_RATE_LIMIT_MAX, SEND_OTP_RATE_LIMIT_MAX } from './routes';
import { argon2 } from '../../secrets';
import { OTP_MAX_ATTEMPTS } from './service';
import { LOGIN, LOGOUT, SEND_OTP, USER_INFO } from '../../test/calls';
import { insertTraveler, signedInTraveler } from '../../test/travelers';
import { createTestVisaRequest } from '../exit-point/testing';

const PASSWORD = 'Secret-Pass-42!';

let sequence = 0;

describeEachDatabase('sign-in, OTP and session guard', ({ build, database }) => {
  // An app migrates its database when ready; the tests write travelers straight into it.
  before(async () => {
    await build().ready();
  });

  /** A traveler of its own for each test (the database is shared by the file's tests). */
  async function createTraveler(status: 'ACTIVE' | 'PENDING' = 'ACTIVE') {
    sequence += 1;
    const email = `traveler.${process.pid}.${sequence}@Example.com`;
    await insertTraveler(database().db, {
      email,
      password: PASSWORD,
      documentNumber: `X${process.pid}${sequence}`,
      status,
    });
    return email;
  }

  interface Cookie {
    name: string;
    value: string;
    httpOnly?: boolean;
    sameSite?: string;
    path?: string;
    secure?: boolean;
    expires?: Date;
  }
  const cookieOf = (response: { cookies: Cookie[] }) =>
    response.cookies.find((cookie) => cookie.name === 'varco_session');

  async function login(app: TestApp, email: string, password = PASSWORD, language = 'EN') {
    return app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: email, password },
      headers: { 'accept-language': language },
    });
  }

  /** Signs in with credentials: the OTP_PENDING cookie header. */
  async function pendingSession(app: TestApp, email: string, password = PASSWORD): Promise<string> {
    const response = await login(app, email, password);
    assert.equal(response.statusCode, 204, response.body);
    const cookie = cookieOf(response);
    assert.ok(cookie);
    return `varco_session=${cookie.value}`;
  }

  /** Sends an OTP and reads the code from the mail in the outbox. */
  async function sendOtp(app: TestApp, cookie: string, email: string, language = 'EN') {
    const response = await app.inject({ method: 'POST', url: `${SEND_OTP}?language=${language}`, headers: { cookie } });
    assert.equal(response.statusCode, 200, response.body);
    const mail = await database()
      .db.selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .where('template', '=', 'otp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
    assert.ok(code, mail.text_body);
    return { response, mail, code };
  }

  async function fullSession(app: TestApp, email: string): Promise<string> {
    const cookie = await pendingSession(app, email);
    const { code } = await sendOtp(app, cookie, email);
    const verified = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': code } });
    assert.equal(verified.statusCode, 200, verified.body);
    return cookie;
  }

  it('signs in with e-mail and password: an HttpOnly, SameSite=Lax session cookie and 204', async () => {
    const app = build();
    const email = await createTraveler();
    const response = await login(app, email.toUpperCase());
    assert.equal(response.statusCode, 204, response.body);
    const cookie = cookieOf(response);
    assert.ok(cookie);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Lax');
    assert.equal(cookie.path, '/');
    assert.notEqual(cookie.secure, true, 'not Secure outside production');
    assert.ok(cookie.value.length >= 40);
    // Only the token's hash is stored.
    const stored = await database().db.selectFrom('session').select(['token_hash', 'level']).execute();
    assert.ok(stored.every((row) => row.token_hash !== cookie.value));
  });

  it('sets a Secure cookie in production', async () => {
    const app = build({ env: 'production' });
    const response = await login(app, await createTraveler());
    assert.equal(cookieOf(response)?.secure, true);
  });

  it('answers the same 401 to a wrong password and an unknown user, in both languages, after the same argon2 work', async (context) => {
    const app = build();
    const email = await createTraveler();
    const verify = context.mock.method(argon2, 'verify');
    /** The parameters of the argon2 hashes verified since the last call (`$argon2id$v=19$m=…,t=…,p=…`). */
    const verified = () => {
      const hashes = verify.mock.calls.map(
        (call) => /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$/.exec(String(call.arguments[0]))?.[0],
      );
      verify.mock.resetCalls();
      return hashes;
    };
    const wrong = await login(app, email, 'not-the-password');
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), { detail: 'Username or password wrong' });
    assert.equal(cookieOf(wrong), undefined);
    const forKnown = verified();
    assert.equal(forKnown.length, 1);
    assert.ok(forKnown[0], 'an argon2id hash was verified');
    const unknown = await login(app, 'nobody@example.com', PASSWORD, 'IT');
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(unknown.json(), { detail: 'Username o password errati' });
    // The unknown user costs one argon2 verification too, with the cost of a real password's hash: not a bare miss.
    assert.deepEqual(verified(), forKnown);
  });

  it('refuses an account not yet activated with its own message', async () => {
    const app = build();
    const email = await createTraveler('PENDING');
    const response = await login(app, email);
    assert.equal(response.statusCode, 403);
    assert.match(response.json<{ detail: string }>().detail, /not active yet/);
    assert.equal(cookieOf(response), undefined);
    // Without the password, nothing tells that the account exists.
    assert.equal((await login(app, email, 'wrong-password')).statusCode, 401);
  });

  it('validates the body', async () => {
    const app = build();
    const response = await app.inject({ method: 'POST', url: LOGIN, payload: { username: 'a@b.c' } });
    assert.equal(response.statusCode, 400);
    assert.ok(response.json<{ extra: Record<string, string> }>().extra.password);
  });

  it('guards private calls: 401 without a session, 403 on an OTP_PENDING session, allowed on FULL', async () => {
    const app = build();
    const email = await createTraveler();
    for (const url of [USER_INFO, '/api/v1/private/invoices/latest', '/api/v1/private']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'EN' } });
      assert.equal(response.statusCode, 401, url);
      assert.deepEqual(response.json(), { detail: 'You must sign in to continue.' });
    }
    assert.equal((await app.inject({ method: 'POST', url: SEND_OTP })).statusCode, 401);
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: 'varco_session=forged' } })).statusCode,
      401,
    );

    const pending = await pendingSession(app, email);
    const withoutCode = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: pending } });
    assert.equal(withoutCode.statusCode, 403);
    assert.match(withoutCode.json<{ detail: string }>().detail, /code/);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/private/invoices/latest', headers: { cookie: pending } }))
        .statusCode,
      403,
    );
    assert.equal(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/private/invoices/latest',
          headers: { cookie: pending, 'x-otp': '123456' },
        })
      ).statusCode,
      403,
    );

    const full = await fullSession(app, email);
    assert.equal((await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: full } })).statusCode, 200);
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/private/invoices/latest', headers: { cookie: full } }))
        .statusCode,
      200,
    );
    // An unknown private route is a 404 once signed in.
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/private/no-such-call', headers: { cookie: full } })).statusCode,
      404,
    );
    // Public calls need no session.
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/public/typology/TRANSPORT_TYPE' })).statusCode, 200);
  });

  it('mails a 6-digit OTP valid 5 minutes in the otp template, and a valid code completes the sign-in', async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await pendingSession(app, email);
    const before = Date.now();
    const { response, mail, code } = await sendOtp(app, cookie, email, 'IT');
    const { expirationDate } = response.json<{ expirationDate: string }>();
    const validityMs = new Date(expirationDate).getTime() - before;
    assert.ok(validityMs > 4.9 * 60_000 && validityMs <= 5 * 60_000 + 2_000, `${validityMs}`);
    assert.equal(new Date(expirationDate).toISOString(), expirationDate);
    assert.equal(mail.template, 'otp');
    assert.equal(mail.language, 'IT');
    assert.match(mail.subject, /codice/i);
    assert.match(mail.html_body, new RegExp(code));
    // The code is stored hashed only.
    const stored = await database().db.selectFrom('otp').select('code_hash').execute();
    assert.ok(stored.every((row) => !row.code_hash.includes(code)));

    const verified = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': code } });
    assert.equal(verified.statusCode, 200, verified.body);
    const info = verified.json<UserInfo>();
    assert.deepEqual(info, {
      nome: 'Anna',
      cognome: 'Bianchi',
      dataNascita: '1990-01-31',
      email,
      paeseResidenzaCodice: 'CH',
      zonaResidenzaCodice: '',
      tipoDocumentoCodice: 'PASSAPORTO',
      paeseDocumentoCodice: 'CH',
      numeroDocumento: info.numeroDocumento,
      privacy: true,
      visaCreationEnabled: true,
      identityProvider: 'CREDENTIALS',
      homeInvoiceCount: 0,
      homeAvailableInvoiceCount: 0,
      homeVisaRequestCount: 0,
    });
    // The browser keeps sending the used code with every call: a FULL session ignores it.
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': code } })).statusCode,
      200,
    );
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': '000000' } })).statusCode,
      200,
    );
  });

  it('refuses a wrong OTP, and a code sent again replaces the previous one', async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await pendingSession(app, email);
    const first = await sendOtp(app, cookie, email);
    const wrongCode = first.code === '999999' ? '999998' : '999999';
    const wrong = await app.inject({
      method: 'GET',
      url: USER_INFO,
      headers: { cookie, 'x-otp': wrongCode, 'accept-language': 'EN' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), { detail: 'OTP incorrect (enter the correct code)' });
    let second = await sendOtp(app, cookie, email);
    // A new code is random: one time in a million it is the old one, and the old one could not be told apart. Ask again.
    while (second.code === first.code) second = await sendOtp(app, cookie, email);
    const old = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': first.code } });
    assert.equal(old.statusCode, 401);
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': second.code } })).statusCode,
      200,
    );
  });

  it('refuses an expired OTP with its own message', async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await pendingSession(app, email);
    const { code } = await sendOtp(app, cookie, email);
    await sql`update otp set expires_at = now() - interval '1 second' where consumed_at is null`.execute(database().db);
    const expired = await app.inject({
      method: 'GET',
      url: USER_INFO,
      headers: { cookie, 'x-otp': code, 'accept-language': 'EN' },
    });
    assert.equal(expired.statusCode, 401);
    assert.deepEqual(expired.json(), { detail: 'The code has expired: request a new one.' });
  });

  it(`kills an OTP after ${OTP_MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await pendingSession(app, email);
    const { code } = await sendOtp(app, cookie, email);
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let attempt = 0; attempt < OTP_MAX_ATTEMPTS; attempt += 1) {
      const response = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': wrongCode } });
      assert.deepEqual(response.json(), { detail: 'OTP incorrect (enter the correct code)' });
    }
    const dead = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': code } });
    assert.equal(dead.statusCode, 401);
    assert.deepEqual(dead.json(), { detail: 'Too many wrong codes: request a new one.' });
    // A new code works again.
    const fresh = await sendOtp(app, cookie, email);
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': fresh.code } })).statusCode,
      200,
    );
  });

  it('refuses an OTP before any was sent, and an expired session', async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await pendingSession(app, email);
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': '123456' } })).statusCode,
      401,
    );
    await sql`update session set expires_at = now() - interval '1 second' where traveler_id = (select id from traveler where email = ${email})`.execute(
      database().db,
    );
    assert.equal((await app.inject({ method: 'POST', url: SEND_OTP, headers: { cookie } })).statusCode, 401);
  });

  it('signs out: the session is deleted and the cookie cleared', async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await fullSession(app, email);
    const response = await app.inject({ method: 'POST', url: LOGOUT, headers: { cookie } });
    assert.equal(response.statusCode, 204);
    const cleared = cookieOf(response);
    assert.ok(cleared);
    assert.equal(cleared.value, '');
    assert.ok(cleared.expires && cleared.expires.getTime() <= Date.now());
    assert.equal((await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } })).statusCode, 401);
    assert.equal((await app.inject({ method: 'POST', url: LOGOUT, headers: { cookie } })).statusCode, 401);
  });

  it(`limits sign-in attempts to ${LOGIN_RATE_LIMIT_MAX} a minute per client address (429 in the error shape)`, async () => {
    const app = build({ loginRateLimitMax: LOGIN_RATE_LIMIT_MAX });
    const remoteAddress = `10.31.${process.pid % 250}.7`;
    // Another name each time: the per-account limit (hardening/account-limits.test.ts) stays out of the way.
    const attempt = (index: number, language = 'EN') =>
      app.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: `nobody.${index}@example.com`, password: 'x' },
        headers: { 'accept-language': language },
        remoteAddress,
      });
    for (let index = 0; index < LOGIN_RATE_LIMIT_MAX; index += 1) assert.equal((await attempt(index)).statusCode, 401);
    const refused = await attempt(LOGIN_RATE_LIMIT_MAX, 'IT');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { detail: 'Troppe richieste. Riprova tra qualche istante.' });
  });

  it(`limits OTP mails to ${SEND_OTP_RATE_LIMIT_MAX} a minute per session`, async () => {
    const app = build();
    const email = await createTraveler();
    const cookie = await pendingSession(app, email);
    for (let index = 0; index < SEND_OTP_RATE_LIMIT_MAX; index += 1) {
      assert.equal((await app.inject({ method: 'POST', url: SEND_OTP, headers: { cookie } })).statusCode, 200);
    }
    const refused = await app.inject({ method: 'POST', url: SEND_OTP, headers: { cookie, 'accept-language': 'EN' } });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { detail: 'Too many requests. Please try again in a moment.' });
  });

  it("counts the traveler's own invoices and visa requests the home lists, up to the home's limits", async () => {
    const app = build();
    const traveler = await signedInTraveler(database().db);
    const counts = async () => {
      const info = (
        await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: traveler.cookie } })
      ).json<UserInfo>();
      return {
        invoices: info.homeInvoiceCount,
        available: info.homeAvailableInvoiceCount,
        requests: info.homeVisaRequestCount,
        canAdd: info.visaCreationEnabled,
      };
    };
    assert.deepEqual(await counts(), { invoices: 0, available: 0, requests: 0, canAdd: true });
    // Another traveler's request and invoices are not theirs.
    await createTestVisaRequest(database().db, { amounts: [100, 200] });
    const pending = await createTestVisaRequest(database().db, { traveler, amounts: [100, 200] });
    // Their invoices are in the pending request (state 90), not available.
    assert.deepEqual(await counts(), { invoices: 2, available: 0, requests: 1, canAdd: false });
    // An invoice cancelled by a credit note is no longer listed.
    await database()
      .db.updateTable('invoice')
      .set({ cancelled_at: new Date() })
      .where('id', '=', pending.invoiceIds[0]!)
      .execute();
    assert.deepEqual(await counts(), { invoices: 1, available: 0, requests: 1, canAdd: false });
    for (let more = 0; more < HOME_VISAS_LIMIT; more += 1)
      await createTestVisaRequest(database().db, { traveler, state: VisaState.COMPLETED, invoiceState: 100 });
    assert.deepEqual(await counts(), {
      invoices: HOME_INVOICES_LIMIT,
      available: 0,
      requests: HOME_VISAS_LIMIT,
      canAdd: false,
    });
    // Only the latest count: an available invoice among them, and not one issued before them.
    await createTestVisaRequest(database().db, {
      traveler,
      issuedDaysAgo: 0,
      state: VisaState.EXPIRED,
      invoiceState: InvoiceState.AVAILABLE,
    });
    await createTestVisaRequest(database().db, {
      traveler,
      issuedDaysAgo: 30,
      state: VisaState.EXPIRED,
      invoiceState: InvoiceState.AVAILABLE,
    });
    assert.deepEqual(await counts(), {
      invoices: HOME_INVOICES_LIMIT,
      available: 1,
      requests: HOME_VISAS_LIMIT,
      canAdd: false,
    });
  });

  it('seeds the demo traveler once, and it can sign in', async () => {
    const first = await seedDemoTraveler(database().db);
    const second = await seedDemoTraveler(database().db);
    assert.equal(first, true);
    assert.equal(second, false);
    const app = build();
    const cookie = await pendingSession(app, DEMO_TRAVELER.email, DEMO_TRAVELER.password);
    const { code } = await sendOtp(app, cookie, DEMO_TRAVELER.email);
    const info = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': code } });
    assert.equal(info.json<UserInfo>().numeroDocumento, 'YA1234567');
  });
});
