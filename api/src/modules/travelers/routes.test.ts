import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { RegistrationPayload } from '@varco/contracts';
import { sql } from 'kysely';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { sha256 } from '../../secrets';
import { createCaptchaRepository, hashAnswer, hashToken } from '../captcha/testing';
import { RECOVERY_RATE_LIMIT_MAX, REGISTRATION_RATE_LIMIT_MAX } from './routes';
import { CHANGE_PWD, LOGIN, PROFILE, RECOVER, SEND_OTP, USER_INFO } from '../../test/calls';

const REGISTER = '/api/v1/public/traveler';
const ACTIVATE = '/api/v1/public/traveler/activate';
const VALIDATE = '/api/v1/public/otp/validate';
const PASSWORD = 'Secret-Pass-42!';
const CAPTCHA_CODE = 'K7M2P';
const BASE = 'https://portal.example.org';
/** The registration's password rule, in English: the reset link's new password answers it too. */
const WEAK_PASSWORD =
  'The password must be at least 8 characters long, with characters of at least three types: uppercase, lowercase, digits, special characters';

let sequence = 0;
/**
 * A client address of its own for each call that asks, so that the per-client rate limits never cross tests (the apps
 * of this file share their counters, as instances do).
 */
const nextAddress = () => {
  sequence += 1;
  return `10.9.${Math.floor(sequence / 200)}.${(sequence % 200) + 1}`;
};

describeEachDatabase('registration, activation, password recovery and profile', ({ build, database }) => {
  before(async () => {
    await build().ready();
  });

  // One app for the file's calls: each app holds connections of its own (its LISTENs), kept until the file ends.
  let shared: ReturnType<typeof build> | undefined;
  const app = () => (shared ??= build({ publicBaseUrl: BASE }));
  const db = () => database().db;

  function payload(overrides: Partial<RegistrationPayload> = {}): RegistrationPayload {
    sequence += 1;
    return {
      lan: 'EN',
      email: `new.traveler.${process.pid}.${sequence}@Example.com`,
      privacy: true,
      nome: 'Giulia',
      cognome: 'Verdi',
      secret: PASSWORD,
      dataNascita: '1991-07-14',
      tipoDocumentoCodice: 'PASSAPORTO',
      paeseResidenzaCodice: 'CH',
      numeroDocumento: `P${process.pid}N${sequence}`,
      zonaResidenzaCodice: '',
      paeseDocumentoCodice: 'CH',
      ...overrides,
    };
  }

  /** A live captcha challenge, stored as the captcha call stores it: its token and the headers that solve it. */
  async function captcha(answer = CAPTCHA_CODE) {
    sequence += 1;
    const token = `test-token-${process.pid}-${sequence}-${Math.random().toString(36).slice(2)}`;
    await createCaptchaRepository(db()).insert({
      tokenHash: hashToken(token),
      answerHash: hashAnswer(token, CAPTCHA_CODE),
      language: 'EN',
      ttlSeconds: 600,
    });
    return { token, headers: { 'x-captcha-token': token, 'x-captcha-value': answer } };
  }

  async function register(
    target: TestApp,
    body: unknown,
    options: { language?: string; address?: string; answer?: string } = {},
  ) {
    const { headers } = await captcha(options.answer);
    return target.inject({
      method: 'POST',
      url: REGISTER,
      payload: body as object,
      headers: { ...headers, 'accept-language': options.language ?? 'EN' },
      remoteAddress: options.address ?? nextAddress(),
    });
  }

  const outboxOf = (email: string) =>
    db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where(sql<string>`lower(recipient)`, '=', email.toLowerCase())
      .orderBy('id', 'asc')
      .execute();
  const travelerOf = (email: string) =>
    db()
      .selectFrom('traveler')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();

  /** key1 and key2 of the newest link mailed to `email` with `template`. */
  async function keysFromMail(email: string, template: 'activation' | 'password-reset') {
    const mails = (await outboxOf(email)).filter((mail) => mail.template === template);
    const mail = mails.at(-1);
    assert.ok(mail, `a ${template} mail to ${email}`);
    const match = /(https:\/\/portal\.example\.org\/[\w-]+\?key1=[\w-]+&key2=[\w-]+)/.exec(mail.text_body);
    assert.ok(match?.[1], mail.text_body);
    const url = new URL(match[1]);
    return { url, key1: url.searchParams.get('key1') ?? '', key2: url.searchParams.get('key2') ?? '', mail };
  }

  async function registeredAndActive(target: TestApp, overrides: Partial<RegistrationPayload> = {}) {
    const body = payload(overrides);
    const response = await register(target, body);
    assert.equal(response.statusCode, 201, response.body);
    const { key1, key2 } = await keysFromMail(body.email, 'activation');
    const activated = await target.inject({ method: 'GET', url: ACTIVATE, query: { key1, key2 } });
    assert.equal(activated.statusCode, 200, activated.body);
    return body;
  }

  const login = (target: TestApp, email: string, password = PASSWORD) =>
    target.inject({ method: 'POST', url: LOGIN, payload: { username: email, password }, remoteAddress: nextAddress() });

  /** Asks a password reset for `email`, and waits for its mail to be in the outbox. */
  async function askReset(target: TestApp, email: string) {
    await target.inject({ method: 'POST', url: RECOVER, payload: { email }, remoteAddress: nextAddress() });
    await target.background.settled();
  }

  /** Sets a new password through the reset link's keys. */
  const changePassword = (target: TestApp, keys: { key1: string; key2: string }, newPwd: string, language?: string) =>
    target.inject({
      method: 'PATCH',
      url: CHANGE_PWD,
      query: { key1: keys.key1, key2: keys.key2 },
      payload: { newPwd },
      headers: language === undefined ? {} : { 'accept-language': language },
    });

  async function fullSession(target: TestApp, email: string, password = PASSWORD): Promise<string> {
    const response = await login(target, email, password);
    assert.equal(response.statusCode, 204, response.body);
    const cookie = `varco_session=${response.cookies.find((item) => item.name === 'varco_session')?.value ?? ''}`;
    const sent = await target.inject({ method: 'POST', url: SEND_OTP, headers: { cookie } });
    assert.equal(sent.statusCode, 200, sent.body);
    const mail = (await outboxOf(email)).filter((item) => item.template === 'otp').at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text_body ?? '')?.[1] ?? '';
    const verified = await target.inject({ method: 'GET', url: USER_INFO, headers: { cookie, 'x-otp': code } });
    assert.equal(verified.statusCode, 200, verified.body);
    return cookie;
  }

  /**
   * A signed-in (FULL) traveler who then asked for a password reset: the OTP mail (greeting them by name) and the
   * reset mail are in the outbox.
   */
  async function signedInWithResetMail(target: TestApp) {
    const traveler = await registeredAndActive(target);
    const cookie = await fullSession(target, traveler.email);
    const otpMail = (await outboxOf(traveler.email)).find((mail) => mail.template === 'otp');
    assert.match(otpMail?.text_body ?? '', /^Dear Giulia Verdi,\n/);
    await askReset(target, traveler.email);
    return { traveler, cookie };
  }

  // Registration: captcha

  it('refuses a registration without a captcha, or with a wrong one, before anything else (400, also in extra.generic)', async () => {
    const target = app();
    const body = payload();
    const missing = await target.inject({ method: 'POST', url: REGISTER, payload: body, remoteAddress: nextAddress() });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json(), {
      detail: 'Captcha not present or invalid.',
      extra: { generic: 'Captcha not present or invalid.' },
    });
    // Even with an invalid body, the captcha is checked first.
    const invalidBody = await target.inject({
      method: 'POST',
      url: REGISTER,
      payload: {},
      headers: { 'accept-language': 'IT' },
      remoteAddress: nextAddress(),
    });
    assert.deepEqual(invalidBody.json(), {
      detail: 'Captcha non presente o non valido.',
      extra: { generic: 'Captcha non presente o non valido.' },
    });

    const challenge = await captcha('WRONG');
    const wrong = await target.inject({
      method: 'POST',
      url: REGISTER,
      payload: body,
      headers: challenge.headers,
      remoteAddress: nextAddress(),
    });
    assert.equal(wrong.statusCode, 400);
    // One guess per picture: the right answer afterwards fails too.
    const again = await target.inject({
      method: 'POST',
      url: REGISTER,
      payload: body,
      headers: { ...challenge.headers, 'x-captcha-value': CAPTCHA_CODE },
      remoteAddress: nextAddress(),
    });
    assert.equal(again.statusCode, 400);
    assert.equal(await travelerOf(body.email), undefined);
    assert.deepEqual(await outboxOf(body.email), []);
  });

  it('accepts CAPTCHA_TEST_ANSWER for a live challenge only when it is configured', async () => {
    const withTestAnswer = build({ publicBaseUrl: BASE, captchaTestAnswer: 'E2E99' });
    assert.equal((await register(withTestAnswer, payload(), { answer: 'E2E99' })).statusCode, 201);
    // Still a live challenge is needed: an unknown token fails.
    const unknown = await withTestAnswer.inject({
      method: 'POST',
      url: REGISTER,
      payload: payload(),
      headers: { 'x-captcha-token': 'no-such-token', 'x-captcha-value': 'E2E99' },
      remoteAddress: nextAddress(),
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal((await register(app(), payload(), { answer: 'E2E99' })).statusCode, 400);
  });

  // Registration: rules

  it('checks every docs/domain.md rule server-side, one message per payload field, and writes nothing', async () => {
    const body = payload({
      nome: 'G',
      cognome: ' ',
      email: 'not-an-email',
      dataNascita: '2999-01-01',
      numeroDocumento: 'X',
      paeseDocumentoCodice: 'ZZ',
      paeseResidenzaCodice: 'QQ',
      tipoDocumentoCodice: 'BADGE',
      privacy: false,
      secret: 'abcdefgh',
    });
    const response = await register(app(), body);
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      detail: 'Some data in the request is not valid.',
      extra: {
        nome: 'Enter at least 2 characters',
        cognome: 'This field cannot be empty',
        email: 'Enter a valid e-mail address',
        dataNascita: 'The date cannot be later than today',
        numeroDocumento: 'Enter at least 2 characters',
        paeseDocumentoCodice: 'Unknown country',
        paeseResidenzaCodice: 'Unknown country',
        tipoDocumentoCodice: 'Unknown document type',
        privacy: 'You must accept to continue',
        secret: WEAK_PASSWORD,
      },
    });
    assert.deepEqual(await outboxOf(body.email), []);
    const count = await db()
      .selectFrom('mail_outbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('recipient', '=', 'not-an-email')
      .executeTakeFirstOrThrow();
    assert.equal(count.n, 0);
  });

  it('answers the rules in Italian and reports missing or mistyped fields by name', async () => {
    const italian = await register(app(), payload({ privacy: false }), { language: 'IT' });
    assert.deepEqual(italian.json().extra, { privacy: 'Devi accettare per continuare' });
    const { nome: _nome, ...withoutName } = payload();
    const missing = await register(app(), { ...withoutName, privacy: 'yes' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().extra, { nome: 'Required field', privacy: 'Invalid type' });
  });

  it('wants a real birthday from 1900 on and not later than today, with the messages the form shows', async () => {
    for (const [dataNascita, message] of [
      ['2023-02-29', 'Enter a valid date'],
      ['14/07/1991', 'Enter a valid date'],
      ['1991-13-01', 'Enter a valid date'],
      ['1850-03-12', 'The date cannot be earlier than 1900'],
      ['1899-12-31', 'The date cannot be earlier than 1900'],
      ['2999-01-01', 'The date cannot be later than today'],
      ['', 'This field cannot be empty'],
    ] as const) {
      const response = await register(app(), payload({ dataNascita }));
      assert.equal(response.statusCode, 400, dataNascita);
      assert.deepEqual(response.json().extra, { dataNascita: message });
    }
    const italian = await register(app(), payload({ dataNascita: '1850-03-12' }), { language: 'IT' });
    assert.deepEqual(italian.json().extra, { dataNascita: 'La data non può essere precedente al 1900' });
    assert.equal((await register(app(), payload({ dataNascita: '1900-01-01' }))).statusCode, 201);
    assert.equal((await register(app(), payload({ dataNascita: '2024-02-29' }))).statusCode, 201);
  });

  it('refuses texts and e-mails longer than the form lets through', async () => {
    const response = await register(
      app(),
      payload({ nome: 'N'.repeat(101), numeroDocumento: 'D'.repeat(51), email: `${'m'.repeat(250)}@example.com` }),
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json().extra, {
      nome: 'Enter at most 100 characters',
      numeroDocumento: 'Enter at most 50 characters',
      email: 'Enter a valid e-mail address',
    });
  });

  it('wants a password of 8 characters from at least three of four classes', async () => {
    for (const secret of ['Ab1!', 'abcdefgh', 'abcdefg1', 'ABCDEFG!', 'x'.repeat(7) + 'A']) {
      const response = await register(app(), payload({ secret }));
      assert.equal(response.statusCode, 400, secret);
      assert.deepEqual(response.json().extra, { secret: WEAK_PASSWORD }, secret);
    }
    for (const secret of ['Abcdefg1', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!']) {
      assert.equal((await register(app(), payload({ secret }))).statusCode, 201, secret);
    }
  });

  it('wants a residence outside the EU VAT area: a member state only with one of its residential free zones', async () => {
    const noZone = await register(app(), payload({ paeseResidenzaCodice: 'IT' }));
    assert.deepEqual(noZone.json().extra, {
      paeseResidenzaCodice: 'Residents of this country cannot use tax-free (unless they live in one of its free zones)',
    });
    const foreignZone = await register(
      app(),
      payload({ paeseResidenzaCodice: 'CH', zonaResidenzaCodice: 'IT-LIVIGNO' }),
    );
    assert.deepEqual(foreignZone.json().extra, {
      zonaResidenzaCodice: 'This zone does not belong to the country of residence',
    });
    const uninhabited = await register(
      app(),
      payload({ paeseResidenzaCodice: 'IT', zonaResidenzaCodice: 'IT-LAGO-LUGANO' }),
    );
    assert.deepEqual(uninhabited.json().extra, {
      zonaResidenzaCodice: 'This zone does not belong to the country of residence',
    });
    const livigno = payload({ paeseResidenzaCodice: 'IT', zonaResidenzaCodice: 'IT-LIVIGNO' });
    assert.equal((await register(app(), livigno)).statusCode, 201);
    assert.equal((await travelerOf(livigno.email))?.zona_residenza, 'IT-LIVIGNO');
  });

  // Registration: success and duplicates

  it('creates the traveler PENDING with an argon2id hash, a hashed 48-hour key and the activation mail', async () => {
    const body = payload({ lan: 'IT' });
    const before = Date.now();
    const response = await register(app(), body);
    assert.equal(response.statusCode, 201, response.body);
    const traveler = await travelerOf(body.email);
    assert.ok(traveler);
    assert.equal(traveler.status, 'PENDING');
    assert.match(traveler.password_hash ?? '', /^\$argon2id\$/);
    assert.equal(traveler.language, 'IT');
    const { url, key1, key2, mail } = await keysFromMail(body.email, 'activation');
    assert.equal(url.origin + url.pathname, `${BASE}/sign-up`);
    assert.equal(mail.language, 'IT');
    assert.equal(mail.recipient, body.email);
    // Greeted by the name just registered.
    assert.match(mail.text_body, /^Gentile Giulia Verdi,\n/);
    assert.ok(mail.html_body.includes('>Gentile Giulia Verdi,</p>'));
    const keys = await db().selectFrom('account_key').selectAll().where('traveler_id', '=', traveler.id).execute();
    assert.equal(keys.length, 1);
    const [key] = keys;
    assert.ok(key);
    assert.equal(key.kind, 'ACTIVATION');
    assert.equal(key.key1_hash, sha256(key1));
    assert.equal(key.key2_hash, sha256(key2));
    assert.ok(!JSON.stringify(keys).includes(key2));
    const ttl = key.expires_at.getTime() - before;
    assert.ok(ttl > 47.9 * 3600_000 && ttl < 48.1 * 3600_000, String(ttl));
    // Not active yet: the sign-in says so.
    assert.equal((await login(app(), body.email)).statusCode, 403);
  });

  it('refuses an e-mail (any case) or a document already registered with 409, naming only that field', async () => {
    const target = app();
    const first = await registeredAndActive(target);
    const sameEmail = await register(target, payload({ email: first.email.toUpperCase() }));
    assert.equal(sameEmail.statusCode, 409);
    assert.deepEqual(sameEmail.json().extra, {
      email: 'An account with this e-mail already exists: sign in, or recover the password.',
    });
    const sameDocument = await register(target, payload({ numeroDocumento: first.numeroDocumento.toLowerCase() }));
    assert.equal(sameDocument.statusCode, 409);
    assert.deepEqual(sameDocument.json().extra, { numeroDocumento: 'This identity document is already registered.' });
    assert.equal((await outboxOf(first.email)).filter((mail) => mail.template === 'activation').length, 1);
  });

  it('keeps the document number as invoices carry it, without spaces and in capitals, so that the same passport is one account', async () => {
    const target = app();
    const compact = `YA${process.pid}S${Date.now()}`;
    const spaced = `${compact.slice(0, 2).toLowerCase()} ${compact.slice(2, 6)} ${compact.slice(6)}`;
    const first = await registeredAndActive(target, { numeroDocumento: spaced });
    const profile = await target.inject({
      method: 'GET',
      url: '/api/v1/private/traveler/user-info',
      headers: { cookie: await fullSession(target, first.email) },
    });
    assert.equal(profile.json().numeroDocumento, compact);
    const again = await register(target, payload({ numeroDocumento: compact }));
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json().extra, { numeroDocumento: 'This identity document is already registered.' });
  });

  it('lets a PENDING registration be sent again: the data are replaced, only the newest link works', async () => {
    const target = app();
    const body = payload();
    assert.equal((await register(target, body)).statusCode, 201);
    const old = await keysFromMail(body.email, 'activation');
    assert.equal((await register(target, { ...body, nome: 'Giuliana' })).statusCode, 201);
    const fresh = await keysFromMail(body.email, 'activation');
    assert.notEqual(fresh.key1, old.key1);
    assert.equal(
      (await target.inject({ method: 'GET', url: ACTIVATE, query: { key1: old.key1, key2: old.key2 } })).statusCode,
      400,
    );
    assert.equal(
      (await target.inject({ method: 'GET', url: ACTIVATE, query: { key1: fresh.key1, key2: fresh.key2 } })).statusCode,
      200,
    );
    assert.equal((await travelerOf(body.email))?.nome, 'Giuliana');
    assert.equal(
      (
        await db()
          .selectFrom('traveler')
          .select('id')
          .where(sql<string>`lower(email)`, '=', body.email.toLowerCase())
          .execute()
      ).length,
      1,
    );
  });

  it('mails at most 5 activation links an hour to one e-mail, whatever the client addresses', async () => {
    const target = app();
    const body = payload();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push(
        (await register(target, { ...body, email: attempt % 2 ? body.email.toUpperCase() : body.email })).statusCode,
      );
    assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);
    const refused = await register(target, body, { language: 'IT' });
    assert.deepEqual(refused.json(), { detail: 'Troppe e-mail richieste per questo account. Riprova tra 60 min.' });
    assert.ok(Number(refused.headers['retry-after']) > 3500);
    assert.equal((await outboxOf(body.email)).filter((mail) => mail.template === 'activation').length, 5);
  });

  it('lifts the sign-in lock of an account when its password is changed through a reset link', async () => {
    const target = app();
    const traveler = await registeredAndActive(target);
    const signIn = (password: string) => login(target, traveler.email, password);
    for (let attempt = 0; attempt < 10; attempt += 1) assert.equal((await signIn(`wrong-${attempt}`)).statusCode, 401);
    assert.equal((await signIn(PASSWORD)).statusCode, 429, 'locked');
    await askReset(target, traveler.email);
    const { key1, key2 } = await keysFromMail(traveler.email, 'password-reset');
    const newPwd = 'Fresh-Pass-2026!';
    assert.equal((await changePassword(target, { key1, key2 }, newPwd)).statusCode, 204);
    assert.equal((await signIn(newPwd)).statusCode, 204);
  });

  it(`limits registrations to ${REGISTRATION_RATE_LIMIT_MAX} a minute per client (429 in the error shape)`, async () => {
    const target = app();
    const address = nextAddress();
    for (let index = 0; index < REGISTRATION_RATE_LIMIT_MAX; index += 1) {
      assert.notEqual((await register(target, payload({ privacy: false }), { address })).statusCode, 429);
    }
    const limited = await register(target, payload(), { address });
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { detail: 'Too many requests. Please try again in a moment.' });
  });

  // Activation

  it('activates once with the mailed keys; a used, wrong or expired key answers 400 with a translated detail', async () => {
    const target = app();
    const body = payload();
    await register(target, body);
    const { key1, key2 } = await keysFromMail(body.email, 'activation');
    const wrong = await target.inject({ method: 'GET', url: ACTIVATE, query: { key1, key2: `${key2}x` } });
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(wrong.json(), { detail: 'The link is not valid or has already been used.' });
    const ok = await target.inject({ method: 'GET', url: ACTIVATE, query: { key1, key2 } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), {});
    const traveler = await travelerOf(body.email);
    assert.equal(traveler?.status, 'ACTIVE');
    assert.ok(traveler?.activated_at);
    const again = await target.inject({
      method: 'GET',
      url: ACTIVATE,
      query: { key1, key2 },
      headers: { 'accept-language': 'IT' },
    });
    assert.equal(again.statusCode, 400);
    assert.deepEqual(again.json(), { detail: 'Il link non è valido o è già stato usato.' });
    assert.equal((await login(target, body.email)).statusCode, 204);
    assert.equal(
      (await target.inject({ method: 'GET', url: ACTIVATE, query: { key1: 'unknown', key2: 'unknown' } })).statusCode,
      400,
    );
    assert.equal((await target.inject({ method: 'GET', url: ACTIVATE, query: { key1 } })).statusCode, 400);
  });

  it('refuses an activation key after 48 hours', async () => {
    const target = app();
    const body = payload();
    await register(target, body);
    const { key1, key2 } = await keysFromMail(body.email, 'activation');
    await db()
      .updateTable('account_key')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key1_hash', '=', sha256(key1))
      .execute();
    const expired = await target.inject({ method: 'GET', url: ACTIVATE, query: { key1, key2 } });
    assert.equal(expired.statusCode, 400);
    assert.deepEqual(expired.json(), { detail: 'The link has expired.' });
    assert.equal((await travelerOf(body.email))?.status, 'PENDING');
  });

  // Password recovery

  it('answers 204 to every recovery request and mails a 1-hour link only to an active account', async () => {
    const target = app();
    const active = await registeredAndActive(target);
    const pending = payload();
    await register(target, pending);
    const answers = [];
    for (const email of [`nobody.${process.pid}@example.com`, pending.email, active.email.toUpperCase()]) {
      const response = await target.inject({
        method: 'POST',
        url: RECOVER,
        payload: { email, lan: 'IT' },
        remoteAddress: nextAddress(),
      });
      answers.push({ status: response.statusCode, body: response.body, headers: response.headers['content-type'] });
    }
    assert.deepEqual(answers[0], answers[1]);
    assert.deepEqual(answers[0], answers[2]);
    assert.equal(answers[0]?.status, 204);
    await target.background.settled();
    assert.deepEqual(await outboxOf(`nobody.${process.pid}@example.com`), []);
    assert.deepEqual(
      (await outboxOf(pending.email)).map((mail) => mail.template),
      ['activation'],
    );
    const { url, mail } = await keysFromMail(active.email, 'password-reset');
    assert.equal(url.origin + url.pathname, `${BASE}/change-password`);
    assert.equal(mail.language, 'IT');
    assert.match(mail.text_body, /^Gentile Giulia Verdi,\n/);
    const key = await db()
      .selectFrom('account_key')
      .selectAll()
      .where('kind', '=', 'PASSWORD_RESET')
      .where('key1_hash', '=', sha256(url.searchParams.get('key1') ?? ''))
      .executeTakeFirstOrThrow();
    const ttl = key.expires_at.getTime() - Date.now();
    assert.ok(ttl > 59 * 60_000 && ttl <= 60 * 60_000, String(ttl));
    const malformed = await target.inject({
      method: 'POST',
      url: RECOVER,
      payload: { email: 'nope' },
      remoteAddress: nextAddress(),
    });
    assert.equal(malformed.statusCode, 400);
    assert.deepEqual(malformed.json().extra, { email: 'Enter a valid e-mail address' });
  });

  it(`limits recovery requests to ${RECOVERY_RATE_LIMIT_MAX} a minute per client`, async () => {
    const target = app();
    const address = nextAddress();
    // Another address asked for each time: the per-account limit (hardening/account-limits.test.ts) stays out of the way.
    const ask = (index: number) =>
      target.inject({
        method: 'POST',
        url: RECOVER,
        payload: { email: `someone.${process.pid}.${index}@example.com` },
        remoteAddress: address,
      });
    for (let index = 0; index < RECOVERY_RATE_LIMIT_MAX; index += 1) assert.equal((await ask(index)).statusCode, 204);
    const limited = await ask(RECOVERY_RATE_LIMIT_MAX);
    assert.equal(limited.statusCode, 429);
    assert.ok(limited.json().detail);
  });

  it('validates a reset key without using it, changes the password once, and ends every session', async () => {
    const target = app();
    const { traveler, cookie } = await signedInWithResetMail(target);
    const { key1, key2 } = await keysFromMail(traveler.email, 'password-reset');
    const validate = (k1: string, k2: string) =>
      target.inject({ method: 'GET', url: VALIDATE, query: { key1: k1, key2: k2, type: 'PWD_REMEMBER_TOKEN' } });
    assert.deepEqual((await validate(key1, key2)).json(), { valid: true });
    assert.deepEqual((await validate(key1, key2)).json(), { valid: true });
    assert.deepEqual((await validate(key1, 'wrong')).json(), { valid: false });
    assert.equal(
      (await target.inject({ method: 'GET', url: VALIDATE, query: { key1, key2, type: 'OTHER' } })).statusCode,
      400,
    );

    // The registration's rule, with the registration's message: neither short nor weak passwords.
    for (const newPwd of ['short', 'abcdefgh', 'abcdefgh1', 'ABCDEFGH!']) {
      const weak = await changePassword(target, { key1, key2 }, newPwd);
      assert.equal(weak.statusCode, 400, newPwd);
      assert.deepEqual(weak.json().extra, { newPwd: WEAK_PASSWORD }, newPwd);
    }
    const italian = await changePassword(target, { key1, key2 }, 'abcdefgh', 'IT');
    assert.deepEqual(italian.json().extra, {
      newPwd:
        'La password deve contenere almeno 8 caratteri, di almeno tre tipi: maiuscole, minuscole, cifre, caratteri speciali',
    });
    const tooLong = await changePassword(target, { key1, key2 }, `Aa1-${'x'.repeat(125)}`);
    assert.deepEqual(tooLong.json().extra, { newPwd: 'Enter at most 128 characters' });
    const newPassword = 'Another-Pass-77';
    const changed = await changePassword(target, { key1, key2 }, newPassword);
    assert.equal(changed.statusCode, 204, changed.body);
    assert.equal((await target.inject({ method: 'GET', url: USER_INFO, headers: { cookie } })).statusCode, 401);
    const traveled = await travelerOf(traveler.email);
    assert.equal(
      (
        await db()
          .selectFrom('session')
          .select('token_hash')
          .where('traveler_id', '=', traveled?.id ?? 0)
          .execute()
      ).length,
      0,
    );
    assert.equal((await login(target, traveler.email)).statusCode, 401);
    assert.equal((await login(target, traveler.email, newPassword)).statusCode, 204);

    assert.deepEqual((await validate(key1, key2)).json(), { valid: false });
    const reused = await changePassword(target, { key1, key2 }, 'Third-Pass-99', 'IT');
    assert.equal(reused.statusCode, 400);
    assert.deepEqual(reused.json(), { detail: 'Il link non è valido o è già stato usato.' });
  });

  it('refuses an expired reset key, and a newer request ends the older link', async () => {
    const target = app();
    const traveler = await registeredAndActive(target);
    await askReset(target, traveler.email);
    const first = await keysFromMail(traveler.email, 'password-reset');
    await askReset(target, traveler.email);
    const second = await keysFromMail(traveler.email, 'password-reset');
    const validate = (keys: { key1: string; key2: string }) =>
      target.inject({ method: 'GET', url: VALIDATE, query: { ...keys, type: 'PWD_REMEMBER_TOKEN' } });
    assert.deepEqual((await validate(first)).json(), { valid: false });
    assert.deepEqual((await validate(second)).json(), { valid: true });
    await db()
      .updateTable('account_key')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('key1_hash', '=', sha256(second.key1))
      .execute();
    assert.deepEqual((await validate(second)).json(), { valid: false });
    const expired = await changePassword(target, second, 'Another-Pass-77');
    assert.equal(expired.statusCode, 400);
    assert.deepEqual(expired.json(), { detail: 'The link has expired.' });
    assert.equal((await login(target, traveler.email)).statusCode, 204);
  });

  // Profile

  it('answers the stored profile to PUT, lets only the residence change, and needs a signed-in session', async () => {
    const target = app();
    const traveler = await registeredAndActive(target);
    const profile = {
      nome: traveler.nome,
      cognome: traveler.cognome,
      dataNascita: traveler.dataNascita,
      email: traveler.email,
      paeseResidenzaCodice: traveler.paeseResidenzaCodice,
      zonaResidenzaCodice: '',
      tipoDocumentoCodice: traveler.tipoDocumentoCodice,
      paeseDocumentoCodice: traveler.paeseDocumentoCodice,
      numeroDocumento: traveler.numeroDocumento,
      privacy: true,
    };
    assert.equal((await target.inject({ method: 'PUT', url: PROFILE, payload: profile })).statusCode, 401);
    const cookie = await fullSession(target, traveler.email);
    const same = await target.inject({ method: 'PUT', url: PROFILE, payload: profile, headers: { cookie } });
    assert.equal(same.statusCode, 200, same.body);
    assert.deepEqual(same.json(), profile);
    const renamed = await target.inject({
      method: 'PUT',
      url: PROFILE,
      payload: { ...profile, nome: 'Other', privacy: false },
      headers: { cookie },
    });
    assert.equal(renamed.statusCode, 400);
    assert.deepEqual(renamed.json().extra, {
      nome: 'This field cannot be changed',
      privacy: 'You must accept to continue',
    });
    const moved = await target.inject({
      method: 'PUT',
      url: PROFILE,
      payload: { ...profile, paeseResidenzaCodice: 'IT', zonaResidenzaCodice: 'IT-LIVIGNO' },
      headers: { cookie },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().zonaResidenzaCodice, 'IT-LIVIGNO');
    const invalid = await target.inject({ method: 'PUT', url: PROFILE, payload: { nome: 'x' }, headers: { cookie } });
    assert.equal(invalid.statusCode, 400);
  });

  it('deletes the traveler with sessions, keys and mails, clears the cookie, and leaves another traveler untouched', async () => {
    const target = app();
    const other = await registeredAndActive(target);
    const otherCookie = await fullSession(target, other.email);
    const { traveler, cookie } = await signedInWithResetMail(target);
    const id = (await travelerOf(traveler.email))?.id ?? 0;
    const otherMails = (await outboxOf(other.email)).length;

    // An OTP_PENDING session cannot delete.
    const pending = await login(target, traveler.email);
    const pendingCookie = `varco_session=${pending.cookies.find((item) => item.name === 'varco_session')?.value ?? ''}`;
    assert.equal(
      (await target.inject({ method: 'DELETE', url: PROFILE, headers: { cookie: pendingCookie } })).statusCode,
      403,
    );

    const deleted = await target.inject({ method: 'DELETE', url: PROFILE, headers: { cookie } });
    assert.equal(deleted.statusCode, 204);
    const cleared = deleted.cookies.find((item) => item.name === 'varco_session');
    assert.equal(cleared?.value, '');
    assert.equal(await travelerOf(traveler.email), undefined);
    assert.deepEqual(await outboxOf(traveler.email), []);
    assert.equal(
      (await db().selectFrom('session').select('token_hash').where('traveler_id', '=', id).execute()).length,
      0,
    );
    assert.equal((await db().selectFrom('account_key').select('id').where('traveler_id', '=', id).execute()).length, 0);
    assert.equal((await target.inject({ method: 'GET', url: USER_INFO, headers: { cookie } })).statusCode, 401);
    assert.equal((await login(target, traveler.email)).statusCode, 401);

    assert.equal((await outboxOf(other.email)).length, otherMails);
    assert.equal(
      (await target.inject({ method: 'GET', url: USER_INFO, headers: { cookie: otherCookie } })).statusCode,
      200,
    );
    // The deleted traveler's e-mail and document can register again.
    assert.equal(
      (await register(target, payload({ email: traveler.email, numeroDocumento: traveler.numeroDocumento })))
        .statusCode,
      201,
    );
  });
});
