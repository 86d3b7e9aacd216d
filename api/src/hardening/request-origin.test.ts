import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase, type TestApp } from '../test/app';
import { signedInTraveler, type SignedInTraveler } from '../test/travelers';
import { LOGOUT, SEND_OTP } from '../test/calls';

const PORTAL = 'https://portal.example.org';

describeEachDatabase('cross-site request forgery', ({ buildBare, database }) => {
  let app: TestApp;
  before(async () => {
    app = buildBare({ publicBaseUrl: PORTAL, corsOrigins: ['https://partner.example.com'] });
    await app.ready();
  });
  const traveler = (): Promise<SignedInTraveler> => signedInTraveler(database().db);

  it('refuses a body-less state change sent as a simple request (no JSON, no portal header), and the session lives on', async () => {
    const { cookie } = await traveler();
    for (const url of [LOGOUT, SEND_OTP]) {
      const forged = await app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'text/plain', 'accept-language': 'IT' },
        payload: '',
      });
      assert.equal(forged.statusCode, 403);
      assert.deepEqual(forged.json(), { detail: 'Questa richiesta non è stata inviata dal portale.' });
    }
    const userInfo = await app.inject({
      method: 'GET',
      url: '/api/v1/private/traveler/user-info',
      headers: { cookie },
    });
    assert.equal(userInfo.statusCode, 200);
  });

  it('refuses a state change from a page of another origin, even on the same host, in the error shape', async () => {
    const { cookie } = await traveler();
    const sameSite = await app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie, origin: 'https://portal.example.org:8443', 'x-varco-client': '1' },
    });
    assert.equal(sameSite.statusCode, 403);
    assert.deepEqual(sameSite.json(), { detail: 'This request was not sent by the portal.' });
    const crossSite = await app.inject({
      method: 'PUT',
      url: '/api/v1/private/visa/area',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { codiceArea: 'X' },
    });
    assert.equal(crossSite.statusCode, 403);
  });

  it('admits the portal (its origin or a CORS origin, its header or JSON), and GETs from anywhere', async () => {
    const { cookie } = await traveler();
    const json = await app.inject({
      method: 'PUT',
      url: '/api/v1/private/visa/area',
      headers: { cookie, origin: 'https://partner.example.com', 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.equal(json.statusCode, 204);
    const read = await app.inject({
      method: 'GET',
      url: '/api/v1/private/traveler/user-info',
      headers: { cookie, origin: 'https://elsewhere.example.net' },
    });
    assert.equal(read.statusCode, 200);
    const proxied = await app.inject({
      method: 'PUT',
      url: '/api/v1/private/visa/area',
      headers: {
        cookie,
        origin: 'http://localhost:4611',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    assert.equal(proxied.statusCode, 204, 'a page served with the api on another origin (a proxy)');
    const logout = await app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { cookie, origin: PORTAL, 'sec-fetch-site': 'same-origin', 'x-varco-client': '1' },
    });
    assert.equal(logout.statusCode, 204);
  });

  it('asks nothing of the calls authenticated by an API key (server to server): they answer by their key alone', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/merchant/invoices',
      headers: { 'x-api-key': 'vk_unknown', origin: 'https://elsewhere.example.net' },
      payload: {},
    });
    assert.equal(response.statusCode, 401);
  });
});
