import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import type { RouteOptions } from 'fastify';
import { DOCS_PATH, EXIT_POINT_PREFIX, IDENTITY_PREFIX, MERCHANT_PREFIX, OPENAPI_PATH, PUBLIC_PREFIX } from '../app';
import { createMerchantService } from '../modules/merchants';
import { insertInvoice, validTravel } from '../modules/visas/testing';
import { sha256 } from '../secrets';
import { ACTIVATION_PENDING_ROUTES, OTP_PENDING_ROUTES, PRIVATE_PREFIX, SESSION_COOKIE } from '../modules/auth';
import { describeEachDatabase, type TestApp } from '../test/app';
import { signedInTraveler, type SignedInTraveler } from '../test/travelers';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  url: string;
  /** The route's own config: `public: true` declares a call under a key-protected prefix open to anyone. */
  isPublic: boolean;
  /** The shape of its query and body schemas (zod), to tell which ones read an id. */
  queryKeys: string[];
  bodyKeys: string[];
}

const KEY_PREFIXES = [MERCHANT_PREFIX, EXIT_POINT_PREFIX];
/** Where a route may be open to anyone: public lookups and forms, the sign-in calls, probes, the documentation. */
const OPEN_PREFIXES = [PUBLIC_PREFIX, IDENTITY_PREFIX, '/healthz', '/readyz', DOCS_PATH, OPENAPI_PATH];
const isUnder = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

const shapeKeys = (schema: unknown): string[] => {
  const shape = (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape;
  return shape ? Object.keys(shape) : [];
};

describeEachDatabase('access-control matrix of the route table', ({ build, database }) => {
  const routes: Route[] = [];
  let app: TestApp;
  let owner: SignedInTraveler;
  let other: SignedInTraveler;
  let owned: { visa: number; invoice: number };
  let pendingCookies: { otp: string; activation: string };

  before(async () => {
    app = build();
    app.addHook('onRoute', (route: RouteOptions) => {
      const schema = route.schema as { querystring?: unknown; body?: unknown } | undefined;
      for (const method of [route.method].flat() as Method[]) {
        routes.push({ method, url: route.url, isPublic: (route.config as { public?: boolean } | undefined)?.public === true, queryKeys: shapeKeys(schema?.querystring), bodyKeys: shapeKeys(schema?.body) });
      }
    });
    await app.ready();
    const db = database().db;
    owner = await signedInTraveler(db);
    other = await signedInTraveler(db);
    const invoice = await insertInvoice(db, owner.document);
    const created = await app.inject({ method: 'POST', url: `${PRIVATE_PREFIX}/visa`, headers: { cookie: owner.cookie }, payload: { invoices: [invoice.id], travel: validTravel() } });
    assert.equal(created.statusCode, 200, created.body);
    owned = { visa: created.json<{ id: number }>().id, invoice: invoice.id };
    const session = async (level: 'OTP_PENDING' | 'ACTIVATION_PENDING') => {
      const token = randomBytes(32).toString('base64url');
      await db.insertInto('session').values({ token_hash: sha256(token), traveler_id: owner.id, level, expires_at: new Date(Date.now() + 3_600_000) }).execute();
      return `${SESSION_COOKIE}=${token}`;
    };
    pendingCookies = { otp: await session('OTP_PENDING'), activation: await session('ACTIVATION_PENDING') };
  });

  /** A request for `route` whose ids all name the owner's visa request and invoice. */
  const requestFor = (route: Route) => {
    const path = route.url.replace(/:(\w+)/g, (_match, name: string) => (name === 'publicId' ? '00000000-0000-4000-8000-000000000000' : String(owned.visa)));
    const query = route.queryKeys.includes('idRichiestaRimborso') ? `?idRichiestaRimborso=${owned.invoice}` : '';
    const payload = route.bodyKeys.length > 0 ? { id: owned.visa, invoices: [owned.invoice], travel: validTravel() } : undefined;
    return { method: route.method, url: `${path}${query}`, ...(payload ? { payload } : {}) };
  };
  const send = (route: Route, headers: Record<string, string> = {}, url?: string) => {
    const request = requestFor(route);
    return app.inject({ ...request, url: url ?? request.url, headers: { 'accept-language': 'EN', ...headers } });
  };
  const label = (route: Route, who: string) => `${route.method} ${route.url} (${who})`;

  const privateRoutes = () => routes.filter((route) => isUnder(route.url, PRIVATE_PREFIX));
  const keyRoutes = () => routes.filter((route) => KEY_PREFIXES.some((prefix) => isUnder(route.url, prefix)) && !route.isPublic);

  it('knows every route: private, behind an API key, or under a prefix that is open by design', () => {
    assert.ok(privateRoutes().length >= 20 && keyRoutes().length >= 4, `${privateRoutes().length} private, ${keyRoutes().length} key routes`);
    const unclassified = routes.filter(
      (route) => !isUnder(route.url, PRIVATE_PREFIX) && !KEY_PREFIXES.some((prefix) => isUnder(route.url, prefix)) && !OPEN_PREFIXES.some((prefix) => isUnder(route.url, prefix)),
    );
    assert.deepEqual(unclassified.map((route) => `${route.method} ${route.url}`), []);
  });

  it('refuses every private route without a session (401), however its URL is spelled', async () => {
    for (const route of privateRoutes()) {
      const plain = await send(route);
      assert.equal(plain.statusCode, 401, label(route, 'no session'));
      const encoded = await send(route, {}, requestFor(route).url.replace('/private/', '/%70rivate/'));
      assert.equal(encoded.statusCode, 401, label(route, 'no session, encoded'));
    }
  });

  it('refuses every private route but its own few to a session still waiting for its OTP or its activation (403)', async () => {
    for (const route of privateRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (!OTP_PENDING_ROUTES.has(key)) assert.equal((await send(route, { cookie: pendingCookies.otp })).statusCode, 403, label(route, 'OTP pending'));
      if (!ACTIVATION_PENDING_ROUTES.has(key)) assert.equal((await send(route, { cookie: pendingCookies.activation })).statusCode, 403, label(route, 'activation pending'));
    }
  });

  it('never lets another traveler reach the owner’s visa request or invoice through any route that reads an id', async () => {
    const byId = privateRoutes().filter((route) => route.url.includes(':') || route.queryKeys.includes('idRichiestaRimborso') || route.bodyKeys.includes('id'));
    assert.ok(byId.length >= 6, `${byId.length} routes read an id`);
    for (const route of byId) {
      const response = await send(route, { cookie: other.cookie });
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${label(route, 'another traveler')}: ${response.statusCode}`);
    }
    // The owner still has them: the refusals above were about the traveler, not the request.
    const mine = await app.inject({ method: 'GET', url: `${PRIVATE_PREFIX}/visa/${owned.visa}`, headers: { cookie: owner.cookie } });
    assert.equal(mine.statusCode, 200);
  });

  it('refuses every key-protected route without a key, with an unknown key, or with the key of the other kind of client (401)', async () => {
    const merchantKey = (await createMerchantService(database().db).createMerchant({ kind: 'VENDOR', name: 'Matrix S.r.l.', vatNumber: `IT-M-${process.pid}-${Date.now()}` })).apiKey;
    for (const route of keyRoutes()) {
      const wrongKind = isUnder(route.url, EXIT_POINT_PREFIX) ? [{ 'x-api-key': merchantKey }] : [{ 'x-api-key': `xk_${randomBytes(16).toString('hex')}` }];
      for (const headers of [{}, { 'x-api-key': 'vk_not-a-key' }, ...wrongKind]) {
        assert.equal((await send(route, headers)).statusCode, 401, label(route, JSON.stringify(headers)));
      }
    }
  });
});
