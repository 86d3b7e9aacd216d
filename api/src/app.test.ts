import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { z } from 'zod';
import { translate } from './i18n/messages';
import { SECURITY_HEADERS } from './plugins/security-headers';
import { describeEachDatabase, logCollector, type TestApp } from './test/app';

const TYPOLOGY_PATHS = [
  '/api/v1/public/typology/{type}',
  '/api/v1/public/typology/countries/tax-free',
  '/api/v1/public/typology/countries/free-zone/{country}',
  '/api/v1/public/typology/airports/{country}',
];

describeEachDatabase('app', ({ build }) => {
  let app: TestApp;
  const logs = logCollector();

  before(async () => {
    app = build({ logLevel: 'info', corsOrigins: ['http://localhost:8080'] }, { logStream: logs.stream });
    // Routes that fail on purpose, added before the app is ready, as a module would add them.
    app.get('/api/test/crash', async () => {
      throw new Error('relation "secret_table" does not exist at /srv/varco/api');
    });
    app.get(
      '/api/test/bad-answer',
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      async () => ({ count: 'many' }) as never,
    );
    app.post(
      '/api/test/echo',
      {
        schema: {
          body: z.object({
            nome: z.string().min(2),
            email: z.email(),
            eta: z.number().int().min(18),
            tags: z.array(z.string()).min(1),
          }),
        },
      },
      async (request) => request.body,
    );
    await app.ready();
  });

  it('answers an unknown route with 404 in the error shape, in the requested language', async () => {
    const english = await app.inject({ method: 'GET', url: '/api/v1/public/nothing-here' });
    assert.equal(english.statusCode, 404);
    assert.deepEqual(english.json(), { detail: 'The requested resource was not found.' });
    assert.match(String(english.headers['content-type']), /^application\/json/);
    const italian = await app.inject({
      method: 'DELETE',
      url: '/elsewhere',
      headers: { 'accept-language': 'it-IT,it;q=0.9' },
    });
    assert.deepEqual(italian.json(), { detail: 'La risorsa richiesta non è stata trovata.' });
  });

  it('answers in the language of the first tag of Accept-Language, any of the twelve (ar-SA: Arabic)', async () => {
    const arabic = await app.inject({
      method: 'GET',
      url: '/nothing-here',
      headers: { 'accept-language': 'ar-SA,ar' },
    });
    assert.equal(arabic.statusCode, 404);
    assert.deepEqual(arabic.json(), { detail: translate('AR', 'notFound') });
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'ar-SA' },
      payload: { nome: 'Nadia', email: 'nadia@example.com', eta: 30, tags: [] },
    });
    assert.deepEqual(invalid.json(), {
      detail: translate('AR', 'validationFailed'),
      extra: { tags: translate('AR', 'field.minItems', { min: 1 }) },
    });
  });

  it('answers a failure with a generic 500 that leaks nothing, and logs the real error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash', headers: { 'accept-language': 'IT' } });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { detail: 'Si è verificato un errore imprevisto. Riprova più tardi.' });
    assert.doesNotMatch(response.body, /secret_table|\/srv|stack/);
    assert.equal(response.headers['cache-control'], 'no-store');
    const logged = logs.lines().find((line) => line.reqId === response.headers['x-request-id'] && line.level === 50);
    assert.ok(logged, 'the error is logged with the request id');
    assert.match(JSON.stringify(logged.err), /secret_table/);
  });

  it('answers a response that breaks its own schema with a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bad-answer' });
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { detail: 'An unexpected error occurred. Please try again later.' });
  });

  it('answers a body that breaks its schema with 400 and one translated message per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'IT' },
      payload: { nome: 'A', email: 'not-an-email', eta: 'old', tags: [] },
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      detail: 'Alcuni dati della richiesta non sono validi.',
      extra: {
        nome: 'Inserisci almeno 2 caratteri',
        email: 'Inserisci un indirizzo e-mail valido',
        eta: 'Tipo non valido',
        tags: 'Selezionane almeno 1',
      },
    });
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { tags: ['x'], eta: 17 } });
    assert.deepEqual(missing.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { nome: 'Required field', email: 'Required field', eta: 'Must be at least 18' },
    });
  });

  it('answers a malformed or missing JSON body with 400 in the error shape', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"nome":',
    });
    assert.equal(malformed.statusCode, 400);
    assert.deepEqual(malformed.json(), { detail: 'The request is not valid.' });
    const missing = await app.inject({ method: 'POST', url: '/api/test/echo' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json(), {
      detail: 'Some data in the request is not valid.',
      extra: { generic: 'Required field' },
    });
  });

  it('answers an unsupported content type with 415 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    assert.equal(response.statusCode, 415);
    assert.deepEqual(response.json(), { detail: 'The request format is not supported.' });
  });

  it('sends the security headers and a request id on every answer, refusals and unknown routes too', async () => {
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/healthz' }),
      app.inject({ method: 'GET', url: '/api/v1/private/notifications/count' }),
      app.inject({ method: 'GET', url: '/api/v1/public/nowhere' }),
    ]);
    assert.deepEqual(
      answers.map((answer) => answer.statusCode),
      [200, 401, 404],
    );
    for (const answer of answers) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(answer.headers[name], value, name);
      assert.match(String(answer.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    }
    assert.equal(answers[0]?.headers['content-security-policy'], "default-src 'none'; frame-ancestors 'none'");
  });

  it('allows credentialed cross-origin calls from the listed origins only', async () => {
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/public/typology/COUNTRY',
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'accept-language,x-otp',
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], 'http://localhost:8080');
    assert.equal(preflight.headers['access-control-allow-credentials'], 'true');
    assert.match(String(preflight.headers['access-control-allow-headers']), /x-otp/);
    const actual = await app.inject({
      method: 'GET',
      url: '/api/v1/public/typology/TRANSPORT_TYPE',
      headers: { origin: 'http://localhost:8080' },
    });
    assert.equal(actual.headers['access-control-allow-origin'], 'http://localhost:8080');
    assert.match(String(actual.headers['access-control-expose-headers']), /content-disposition/);
    // CORS's Vary: Origin and the typology's Vary: Accept-Language are both kept.
    assert.match(String(actual.headers.vary), /Origin/);
    assert.match(String(actual.headers.vary), /Accept-Language/);
    const stranger = await app.inject({
      method: 'GET',
      url: '/api/v1/public/typology/TRANSPORT_TYPE',
      headers: { origin: 'https://evil.example' },
    });
    assert.equal(stranger.headers['access-control-allow-origin'], undefined);
  });

  it('parses and writes cookies on this Node version (cookie 2 declares Node 22)', async () => {
    assert.equal(
      app.serializeCookie('session', 'abc', { httpOnly: true, sameSite: 'lax', path: '/' }),
      'session=abc; Path=/; HttpOnly; SameSite=Lax',
    );
    assert.deepEqual({ ...app.parseCookie('session=abc; lang=it') }, { session: 'abc', lang: 'it' });
  });

  it('serves an OpenAPI document that lists the typology calls, and the docs page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; parameters?: Array<{ name: string; in: string }> }>
      >;
    }>();
    assert.equal(document.openapi, '3.1.0');
    for (const path of TYPOLOGY_PATHS) assert.ok(document.paths[path]?.get, `${path} is documented`);
    const byType = document.paths['/api/v1/public/typology/{type}']!.get!;
    assert.ok(byType.responses['200'] && byType.responses['400']);
    assert.deepEqual(byType.parameters?.find((parameter) => parameter.in === 'path')?.name, 'type');
    assert.ok(
      !Object.keys(document.paths).some((path) => path.startsWith('/api/docs')),
      'the docs do not document themselves',
    );
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(String(docs.headers['content-type']), /^text\/html/);
    // The docs page runs swagger-ui's scripts: its own CSP, not the api's `default-src 'none'`.
    assert.match(String(docs.headers['content-security-policy']), /script-src 'self'/);
  });
});

describeEachDatabase('api documentation switched off', ({ build }) => {
  it('answers 404 in the error shape for the docs page and the OpenAPI document', async () => {
    const app = build({ apiDocs: false });
    for (const url of ['/api/docs/', '/api/docs/static/index.html', '/api/openapi.json']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(Object.keys(response.json()), ['detail']);
    }
  });
});

describeEachDatabase('rate limit', ({ build }) => {
  it('answers 429 in the error shape past the limit, but never limits the probes', async () => {
    const app = build({ rateLimitMax: 2 });
    const url = '/api/v1/public/typology/TRANSPORT_TYPE';
    assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url })).statusCode, 200);
    const refused = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'IT' } });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { detail: 'Troppe richieste. Riprova tra qualche istante.' });
    assert.ok(refused.headers['retry-after']);
    for (let index = 0; index < 5; index += 1)
      assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});
