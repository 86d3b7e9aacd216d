import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type UserInfo, romeToday } from '@varco/contracts';
import {
  startIdentityProvider,
  type IdentityProvider,
  type TestIdentity,
} from '../../../../deploy/identity-provider/server.mjs';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { createMerchantService } from '../merchants';
import { LOGOUT, USER_INFO } from '../../test/calls';
import { insertTraveler } from '../../test/travelers';

const PORTAL = 'http://localhost:8080';
const REDIRECT_URI = `${PORTAL}/api/v1/auth/spid/callback`;
const LOGIN_SPID = '/api/v1/auth/login-spid';
const FINALIZE = '/api/v1/private/traveler/finalize';

let sequence = 0;
/** An identity of its own for each use (the database is shared by the file's tests). */
function newIdentity(): TestIdentity {
  sequence += 1;
  const fiscal = `TINIT-TST${process.pid}X${sequence}`;
  return {
    sub: fiscal,
    fiscal_number: fiscal,
    given_name: 'Giulia',
    family_name: 'Esposito',
    birthdate: '1988-04-12',
    email: `giulia.${process.pid}.${sequence}@example.com`,
  };
}

/** A residence outside the EU and a travel document of its own for each use: what finalize needs besides e-mail and privacy. */
function newResidenceAndDocument() {
  sequence += 1;
  return {
    paeseResidenzaCodice: 'CH',
    zonaResidenzaCodice: '',
    tipoDocumentoCodice: 'PASSAPORTO',
    paeseDocumentoCodice: 'IT',
    numeroDocumento: `YA${process.pid}X${sequence}`,
  };
}

describeEachDatabase('digital identity sign-in (OpenID Connect)', ({ build, database }) => {
  const identities: TestIdentity[] = [];
  let provider: IdentityProvider;
  let app: TestApp;

  before(async () => {
    for (let index = 0; index < 8; index += 1) identities.push(newIdentity());
    provider = await startIdentityProvider({
      port: 0,
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [PORTAL],
      identities,
    });
    app = build({
      publicBaseUrl: PORTAL,
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectUri: REDIRECT_URI,
      },
    });
    await app.ready();
  });
  after(() => provider.close());

  const cookieValue = (response: { cookies: Array<{ name: string; value: string }> }, name: string) =>
    response.cookies.find((cookie) => cookie.name === name)?.value;

  /** The provider's side, as a browser: cookies kept, redirects followed until the api's callback. */
  async function atProvider(authorizationUrl: string, form: Record<string, string>): Promise<URL> {
    const jar = new Map<string, string>();
    const go = async (url: string | URL, init: RequestInit = {}) => {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
      return response;
    };
    let response = await go(authorizationUrl);
    const interaction = new URL(response.headers.get('location')!, provider.issuer);
    assert.match(interaction.pathname, /^\/interaction\//);
    assert.equal((await go(interaction)).status, 200);
    response = await go(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    for (let hops = 0; hops < 5; hops += 1) {
      const location = response.headers.get('location');
      assert.ok(location, `a redirect (status ${response.status})`);
      if (location.startsWith(REDIRECT_URI)) return new URL(location);
      response = await go(new URL(location, provider.issuer));
    }
    throw new Error('the provider never came back to the callback');
  }

  /** The whole round trip: the api's login-spid, the provider's page, the api's callback. Returns the callback's answer. */
  async function signInWith(
    identity: TestIdentity | undefined,
    options: { stateCookie?: string; action?: string } = {},
  ) {
    const start = await app.inject({ method: 'GET', url: LOGIN_SPID });
    assert.equal(start.statusCode, 302, start.body);
    const authorization = new URL(start.headers.location as string);
    assert.equal(authorization.origin, provider.issuer);
    assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(authorization.searchParams.get('code_challenge'));
    assert.ok(authorization.searchParams.get('nonce'));
    assert.equal(authorization.searchParams.get('redirect_uri'), REDIRECT_URI);
    const state = cookieValue(start, 'varco_spid_state');
    assert.equal(state, authorization.searchParams.get('state'));
    const callback = await atProvider(
      authorization.href,
      identity ? { identity: identity.sub, consent: 'yes', action: options.action ?? 'login' } : { action: 'cancel' },
    );
    return app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `varco_spid_state=${options.stateCookie ?? state}` },
    });
  }

  async function firstTime(identity: TestIdentity): Promise<string> {
    const response = await signInWith(identity);
    assert.equal(response.statusCode, 302, response.body);
    assert.equal(response.headers.location, `${PORTAL}/sign-in/spid/activate`);
    const token = cookieValue(response, 'varco_session');
    assert.ok(token);
    return `varco_session=${token}`;
  }

  it('a first-time identity completes its registration, then signs in straight to a full session', async () => {
    const identity = identities[0]!;
    const cookie = await firstTime(identity);

    const info = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } });
    assert.equal(info.statusCode, 200, info.body);
    assert.deepEqual(info.json<UserInfo>(), {
      nome: 'Giulia',
      cognome: 'Esposito',
      dataNascita: '1988-04-12',
      email: identity.email,
      paeseResidenzaCodice: '',
      zonaResidenzaCodice: '',
      tipoDocumentoCodice: '',
      paeseDocumentoCodice: '',
      // No travel document yet: not signed in for the browser until the registration is complete.
      numeroDocumento: '',
      privacy: false,
      visaCreationEnabled: true,
      identityProvider: 'SPID',
      homeInvoiceCount: 0,
      homeAvailableInvoiceCount: 0,
      homeVisaRequestCount: 0,
    });
    const row = await database()
      .db.selectFrom('traveler')
      .select(['status', 'identity_subject', 'fiscal_number', 'password_hash'])
      .where('identity_subject', '=', identity.sub)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, {
      status: 'PENDING_IDENTITY',
      identity_subject: identity.sub,
      fiscal_number: identity.fiscal_number,
      password_hash: null,
    });

    const email = `chosen.${process.pid}.${sequence}@example.com`;
    const document = newResidenceAndDocument();
    const done = await app.inject({
      method: 'POST',
      url: FINALIZE,
      headers: { cookie },
      payload: { email, privacy: true, lan: 'IT', ...document },
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json<UserInfo>().email, email);
    assert.equal(done.json<UserInfo>().privacy, true);
    assert.equal(done.json<UserInfo>().numeroDocumento, document.numeroDocumento);
    const session = await database()
      .db.selectFrom('session')
      .select('level')
      .where(
        'traveler_id',
        '=',
        (
          await database()
            .db.selectFrom('traveler')
            .select('id')
            .where('identity_subject', '=', identity.sub)
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    assert.deepEqual(session, [{ level: 'FULL' }]);
    // A full session: the other private calls are open.
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } })).json<UserInfo>().email,
      email,
    );
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: FINALIZE,
          headers: { cookie },
          payload: { email, privacy: true, ...newResidenceAndDocument() },
        })
      ).statusCode,
      409,
    );

    // The next sign-in of the same identity opens a full session at once, through the portal page that reads user-info.
    const again = await signInWith(identity);
    assert.equal(again.statusCode, 302);
    assert.equal(again.headers.location, `${PORTAL}/sign-in/spid`);
    const fullCookie = `varco_session=${cookieValue(again, 'varco_session')}`;
    const profile = await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: fullCookie } });
    assert.equal(profile.json<UserInfo>().email, email);

    // Its logout is still a 204, with the provider's logout page (back to the site root) in Location.
    const logout = await app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: fullCookie } });
    assert.equal(logout.statusCode, 204);
    const endSession = new URL(logout.headers.location as string);
    assert.equal(`${endSession.origin}${endSession.pathname}`, `${provider.issuer}/session/end`);
    assert.equal(endSession.searchParams.get('post_logout_redirect_uri'), PORTAL);
    assert.equal(endSession.searchParams.get('state'), `${PORTAL}/`);
    assert.equal(endSession.searchParams.get('client_id'), provider.clientId);
    assert.equal(
      (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: fullCookie } })).statusCode,
      401,
    );
  });

  it('an activation-pending session may only read user-info, finalize and sign out', async () => {
    const cookie = await firstTime(identities[1]!);
    for (const [method, url] of [
      ['POST', '/api/v1/private/traveler/send-otp'],
      ['PUT', '/api/v1/private/traveler'],
      ['DELETE', '/api/v1/private/traveler'],
      ['GET', '/api/v1/private/invoices/latest'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { cookie, 'accept-language': 'EN' },
        payload: method === 'PUT' ? {} : undefined,
      });
      assert.equal(response.statusCode, 403, `${method} ${url}`);
      assert.equal(response.json<{ detail: string }>().detail, 'Complete your registration to continue.');
    }
    const italian = await app.inject({
      method: 'DELETE',
      url: '/api/v1/private/traveler',
      headers: { cookie, 'accept-language': 'IT' },
    });
    assert.equal(italian.json<{ detail: string }>().detail, 'Completa la registrazione per continuare.');
    const logout = await app.inject({ method: 'POST', url: LOGOUT, headers: { cookie } });
    assert.equal(logout.statusCode, 204);
    assert.ok(logout.headers.location);
    assert.equal((await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } })).statusCode, 401);
  });

  it('finalize: privacy accepted, a valid e-mail not held by another active account', async () => {
    const taken = `taken.${process.pid}.${sequence}@example.com`;
    await insertTraveler(database().db, {
      email: taken,
      password: 'Secret-Pass-42!',
      documentNumber: `F${process.pid}${sequence}`,
    });
    const cookie = await firstTime(identities[2]!);
    const document = newResidenceAndDocument();
    const finalize = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: FINALIZE,
        headers: { cookie, 'accept-language': 'EN' },
        payload: { ...document, ...payload },
      });

    const refused = await finalize({ email: 'not-an-email', privacy: false });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json<{ extra: Record<string, string> }>().extra, {
      email: 'Enter a valid e-mail address',
      privacy: 'You must accept to continue',
    });
    const required = await finalize({ email: '  ', privacy: true });
    assert.equal(required.statusCode, 400);
    assert.ok(required.json<{ extra: Record<string, string> }>().extra.email);
    const duplicate = await finalize({ email: taken.toUpperCase(), privacy: true });
    assert.equal(duplicate.statusCode, 409);
    assert.ok(duplicate.json<{ extra: Record<string, string> }>().extra.email);
    assert.equal((await finalize({ email: taken, privacy: 'yes' })).statusCode, 400);
    // Still pending after the refusals.
    assert.equal(
      (await app.inject({ method: 'DELETE', url: '/api/v1/private/traveler', headers: { cookie } })).statusCode,
      403,
    );

    const accepted = await finalize({ email: `fine.${process.pid}.${sequence}@example.com`, privacy: true });
    assert.equal(accepted.statusCode, 200, accepted.body);
    // Without a session: 401.
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: FINALIZE,
          payload: { email: 'a@example.com', privacy: true, ...newResidenceAndDocument() },
        })
      ).statusCode,
      401,
    );
  });

  it('finalize: the residence and travel document, under the rules and with the messages of a registration', async () => {
    const cookie = await firstTime(identities[5]!);
    const email = `doc.${process.pid}.${sequence}@example.com`;
    const finalize = (payload: Record<string, unknown>, language = 'EN') =>
      app.inject({
        method: 'POST',
        url: FINALIZE,
        headers: { cookie, 'accept-language': language },
        payload: { email, privacy: true, ...payload },
      });
    const extraOf = (response: { json: <T>() => T }) => response.json<{ extra: Record<string, string> }>().extra;

    // Left out: each field is required, in the error shape and translated.
    const missing = await finalize({});
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json<{ detail: string }>().detail, 'Some data in the request is not valid.');
    assert.deepEqual(extraOf(missing), {
      paeseResidenzaCodice: 'Required field',
      tipoDocumentoCodice: 'Required field',
      paeseDocumentoCodice: 'Required field',
      numeroDocumento: 'Required field',
    });
    const missingItalian = await finalize({}, 'IT');
    assert.equal(extraOf(missingItalian).numeroDocumento, 'Campo obbligatorio');

    // Sent empty or wrong: the registration's own checks.
    const empty = await finalize({
      paeseResidenzaCodice: '',
      zonaResidenzaCodice: '',
      tipoDocumentoCodice: '',
      paeseDocumentoCodice: '',
      numeroDocumento: ' ',
    });
    assert.equal(empty.statusCode, 400);
    assert.deepEqual(extraOf(empty), {
      paeseResidenzaCodice: 'This field cannot be empty',
      tipoDocumentoCodice: 'This field cannot be empty',
      paeseDocumentoCodice: 'This field cannot be empty',
      numeroDocumento: 'This field cannot be empty',
    });
    const wrong = await finalize(
      {
        paeseResidenzaCodice: 'IT',
        zonaResidenzaCodice: '',
        tipoDocumentoCodice: 'LIBRETTO',
        paeseDocumentoCodice: 'XX',
        numeroDocumento: 'A',
      },
      'IT',
    );
    assert.equal(wrong.statusCode, 400);
    assert.deepEqual(extraOf(wrong), {
      paeseResidenzaCodice:
        'I residenti in questo paese non possono usare il tax-free (salvo che risiedano in una sua zona franca)',
      tipoDocumentoCodice: 'Tipo di documento sconosciuto',
      paeseDocumentoCodice: 'Paese sconosciuto',
      numeroDocumento: 'Inserisci almeno 2 caratteri',
    });
    const foreignZone = await finalize({ ...newResidenceAndDocument(), zonaResidenzaCodice: 'IT-LIVIGNO' });
    assert.deepEqual(extraOf(foreignZone), {
      zonaResidenzaCodice: 'This zone does not belong to the country of residence',
    });

    // A document another account holds: 409 on the document number.
    const holder = await database()
      .db.selectFrom('traveler')
      .select(['tipo_documento', 'paese_documento', 'numero_documento'])
      .where('status', '=', 'ACTIVE')
      .where('tipo_documento', 'is not', null)
      .executeTakeFirstOrThrow();
    const held = await finalize({
      paeseResidenzaCodice: 'CH',
      tipoDocumentoCodice: holder.tipo_documento,
      paeseDocumentoCodice: holder.paese_documento,
      numeroDocumento: ` ${holder.numero_documento!.toLowerCase()} `,
    });
    assert.equal(held.statusCode, 409);
    assert.deepEqual(extraOf(held), { numeroDocumento: 'This identity document is already registered.' });
    // Still pending after the refusals.
    assert.equal(
      (await app.inject({ method: 'GET', url: '/api/v1/private/invoices/latest', headers: { cookie } })).statusCode,
      403,
    );

    // An Italian living in Livigno, with an Italian passport: accepted, and the profile shows the document.
    const document = { ...newResidenceAndDocument(), paeseResidenzaCodice: 'IT', zonaResidenzaCodice: 'IT-LIVIGNO' };
    const accepted = await finalize({ ...document, numeroDocumento: ` ${document.numeroDocumento} ` });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const profile = (await app.inject({ method: 'GET', url: USER_INFO, headers: { cookie } })).json<UserInfo>();
    assert.deepEqual(
      {
        country: profile.paeseResidenzaCodice,
        zone: profile.zonaResidenzaCodice,
        type: profile.tipoDocumentoCodice,
        documentCountry: profile.paeseDocumentoCodice,
        number: profile.numeroDocumento,
      },
      {
        country: 'IT',
        zone: 'IT-LIVIGNO',
        type: 'PASSAPORTO',
        documentCountry: 'IT',
        number: document.numeroDocumento,
      },
    );

    // An invoice a merchant issues to that document is theirs.
    const { apiKey } = await createMerchantService(database().db).createMerchant({
      kind: 'VENDOR',
      name: 'Negozio Spid S.r.l.',
      vatNumber: `IT-SPID-${process.pid}-${sequence}`,
    });
    const invoiceNumber = `SPID-${process.pid}-${sequence}`;
    const issued = await app.inject({
      method: 'POST',
      url: '/api/v1/merchant/invoices',
      headers: { 'x-api-key': apiKey },
      payload: {
        invoiceNumber,
        issueDate: romeToday(),
        totalAmount: 250,
        vatAmount: 45.08,
        traveler: {
          name: 'Giulia Esposito',
          document: { type: 'PASSAPORTO', country: 'IT', number: document.numeroDocumento.toLowerCase() },
        },
      },
    });
    assert.equal(issued.statusCode, 201, issued.body);
    const latest = await app.inject({
      method: 'GET',
      url: '/api/v1/private/invoices/latest?limit=4&page=0',
      headers: { cookie },
    });
    assert.equal(latest.statusCode, 200, latest.body);
    assert.deepEqual(
      latest.json<{ invoices: Array<{ invoiceNumber: string }> }>().invoices.map((invoice) => invoice.invoiceNumber),
      [invoiceNumber],
    );
  });

  it('refuses a state that is not the browser one, a cancelled sign-in, and a replayed callback', async () => {
    const mismatch = await signInWith(identities[3], { stateCookie: 'another-state' });
    assert.equal(mismatch.statusCode, 302);
    assert.equal(mismatch.headers.location, `${PORTAL}/sign-in?error=spid`);
    assert.equal(cookieValue(mismatch, 'varco_session'), undefined);

    const cancelled = await signInWith(undefined);
    assert.equal(cancelled.headers.location, `${PORTAL}/sign-in?error=spid`);

    const noCookie = await app.inject({ method: 'GET', url: '/api/v1/auth/spid/callback?code=x&state=y' });
    assert.equal(noCookie.headers.location, `${PORTAL}/sign-in?error=spid`);

    // The same callback twice: the sign-in in flight is single-use.
    const start = await app.inject({ method: 'GET', url: LOGIN_SPID });
    const state = cookieValue(start, 'varco_spid_state');
    const callback = await atProvider(start.headers.location as string, {
      identity: identities[4]!.sub,
      consent: 'yes',
      action: 'login',
    });
    const headers = { cookie: `varco_spid_state=${state}` };
    const first = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers });
    assert.equal(first.headers.location, `${PORTAL}/sign-in/spid/activate`);
    const replay = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers });
    assert.equal(replay.headers.location, `${PORTAL}/sign-in?error=spid`);
  });

  it('without a configured provider, login-spid answers 503 with a translated detail', async () => {
    const bare = build();
    const english = await bare.inject({ method: 'GET', url: LOGIN_SPID, headers: { 'accept-language': 'EN' } });
    assert.equal(english.statusCode, 503);
    assert.match(english.json<{ detail: string }>().detail, /digital identity is not available/);
    const italian = await bare.inject({ method: 'GET', url: LOGIN_SPID, headers: { 'accept-language': 'IT' } });
    assert.match(italian.json<{ detail: string }>().detail, /identità digitale non è disponibile/);
  });
});
