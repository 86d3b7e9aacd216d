import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { before, it } from 'node:test';
import { MAX_VISA_INVOICES } from '@varco/contracts';
import { describeEachDatabase, type TestApp } from '../test/app';
import { signedInTraveler, type SignedInTraveler } from '../test/travelers';
import { createMerchantService } from '../modules/merchants';

const TOO_LARGE_ID = 2_147_483_648;

/** The one error shape of every refusal: a translated detail, per-field messages at most. */
function assertErrorShape(response: { statusCode: number; json(): unknown }, status: number): Record<string, unknown> {
  assert.equal(response.statusCode, status, JSON.stringify(response.json()));
  const body = response.json() as Record<string, unknown>;
  assert.equal(typeof body.detail, 'string');
  for (const key of Object.keys(body)) assert.ok(key === 'detail' || key === 'extra', `unexpected key ${key}`);
  return body;
}

describeEachDatabase('hostile input', ({ build, database }) => {
  let app: TestApp;
  let traveler: SignedInTraveler;
  let merchantKey: string;
  before(async () => {
    app = build();
    await app.ready();
    traveler = await signedInTraveler(database().db);
    merchantKey = (
      await createMerchantService(database().db).createMerchant({
        kind: 'VENDOR',
        name: 'Hostile S.r.l.',
        vatNumber: `IT${process.pid}${Date.now()}`,
      })
    ).apiKey;
  });

  const asTraveler = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { cookie: traveler.cookie, 'accept-language': 'EN' },
      ...(payload ? { payload } : {}),
    });

  it('refuses a NUL character in a string field with a translated 400, with or without a session', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-custom',
      payload: { username: 'a\u0000b', password: 'x' },
      headers: { 'accept-language': 'EN' },
    });
    const body = assertErrorShape(login, 400);
    assert.match(String((body.extra as Record<string, string>).username), /control character/i);
    const recover = await app.inject({
      method: 'POST',
      url: '/api/v1/public/traveler/send-change-pwd-token',
      payload: { email: 'a\u0000b@example.com' },
      headers: { 'accept-language': 'IT' },
    });
    assertErrorShape(recover, 400);
    const invoice = await app.inject({
      method: 'GET',
      url: '/api/v1/merchant/invoices/1',
      headers: { 'x-api-key': `vk_\u0000` },
    });
    assert.ok(invoice.statusCode < 500);
  });

  it('refuses an id beyond the 32-bit range with a 400 wherever an id is read', async () => {
    const calls = [
      asTraveler('GET', `/api/v1/private/invoices/detail?idRichiestaRimborso=${TOO_LARGE_ID}`),
      asTraveler('GET', `/api/v1/private/invoices/downloadRelease?idRichiestaRimborso=${TOO_LARGE_ID}`),
      asTraveler('POST', '/api/v1/private/visa/start-risk-analysis', { id: TOO_LARGE_ID }),
      asTraveler('PUT', '/api/v1/private/visa', { id: TOO_LARGE_ID, invoices: [1], travel: {} }),
      asTraveler('POST', '/api/v1/private/visa', { invoices: [TOO_LARGE_ID], travel: {} }),
      app.inject({
        method: 'GET',
        url: `/api/v1/merchant/invoices/${TOO_LARGE_ID}`,
        headers: { 'x-api-key': merchantKey },
      }),
      app.inject({
        method: 'POST',
        url: `/api/v1/merchant/invoices/${TOO_LARGE_ID}/credit-note`,
        headers: { 'x-api-key': merchantKey },
        payload: { creditNoteNumber: 'NC-1', issueDate: '2026-01-01' },
      }),
    ];
    for (const response of await Promise.all(calls)) assertErrorShape(response, 400);
  });

  it('refuses a visa body with more invoices than a traveler can hold with a translated 400', async () => {
    const invoices = Array.from({ length: 70_000 }, (_, index) => index + 1);
    for (const method of ['POST', 'PUT'] as const) {
      const body = assertErrorShape(
        await asTraveler(method, '/api/v1/private/visa', { id: 1, invoices, travel: {} }),
        400,
      );
      assert.equal((body.extra as Record<string, string>).invoices, `Select at most ${MAX_VISA_INVOICES}`);
    }
  });

  it('answers framework refusals in the error shape, without echoing the URL', async () => {
    const signIn = (contentType: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login-custom',
        headers: { 'content-type': contentType },
        payload,
      });
    const calls = [
      {
        response: await app.inject({
          method: 'GET',
          url: '/api/v1/private/visa/%E0%A4%A',
          headers: { 'accept-language': 'IT' },
        }),
        status: 400,
      },
      { response: await app.inject({ method: 'GET', url: '/api/v1/no-such-call?probe=<script>' }), status: 404 },
      { response: await signIn('application/json', '{"username":'), status: 400 },
      { response: await signIn('application/xml', '<a/>'), status: 415 },
      { response: await signIn('application/json', `"${'a'.repeat(1_100_000)}"`), status: 413 },
    ];
    for (const { response, status } of calls) {
      assertErrorShape(response, status);
      assert.doesNotMatch(response.body, /%E0|script|login-custom/);
    }
  });

  it('guards a private call by the route the router matched, however its URL is encoded', async () => {
    for (const url of ['/api/v1/%70rivate/visa/area', '/api/v1/priv%61te/visa/area']) {
      const response = await app.inject({ method: 'PUT', url, payload: { codiceArea: 'X' } });
      assertErrorShape(response, 401);
    }
  });

  it('answers bytes that are not a readable HTTP request in the error shape', async () => {
    const served = build();
    const address = await served.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1' }, () =>
        socket.write('GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    assert.match(answer, /^HTTP\/1\.1 400 /);
    assert.deepEqual(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), { detail: 'The request is not valid.' });
  });
});
