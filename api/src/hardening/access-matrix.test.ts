import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import type { RouteOptions } from 'fastify';
import { DOCS_PATH, EXIT_POINT_PREFIX, IDENTITY_PREFIX, MERCHANT_PREFIX, OPENAPI_PATH, PUBLIC_PREFIX } from '../app';
import { createMerchantService } from '../modules/merchants';
import { notify } from '../modules/notifications';
import { addPasskey } from '../modules/passkeys/testing';
import { insertInvoice, validTravel } from '../modules/visas/testing';
import { ACTIVATION_PENDING_ROUTES, OTP_PENDING_ROUTES, PRIVATE_PREFIX } from '../modules/auth';
import { describeEachDatabase, type TestApp } from '../test/app';
import { sessionCookie, signedInTraveler, type SignedInTraveler } from '../test/travelers';

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

/** The kinds of thing a private route names by id, each owned by one traveler. */
type Kind = 'visa' | 'invoice' | 'passkey' | 'notification' | 'claim';
interface Owned {
  id: number;
  /** A visa request's invoice: its update names it again. */
  invoice?: number;
}
/**
 * Every private route that reads an id: the kind of id it reads, and the request that names one (where the id goes and
 * what else a valid call sends). A new such route must be added here: the matrix fails on a route it does not know.
 */
const BY_ID: Record<string, { kind: Kind; request: (owned: Owned) => { url: string; payload?: unknown } }> = {};
const byId = (
  methods: Method[],
  path: string,
  kind: Kind,
  request: (owned: Owned) => { url: string; payload?: unknown },
) => {
  for (const method of methods) BY_ID[`${method} ${PRIVATE_PREFIX}${path}`] = { kind, request };
};
byId(['GET', 'HEAD'], '/invoices/detail', 'invoice', ({ id }) => ({
  url: `${PRIVATE_PREFIX}/invoices/detail?idRichiestaRimborso=${id}`,
}));
byId(['GET', 'HEAD'], '/invoices/downloadRelease', 'invoice', ({ id }) => ({
  url: `${PRIVATE_PREFIX}/invoices/downloadRelease?idRichiestaRimborso=${id}`,
}));
byId(['GET', 'HEAD'], '/visa/:id', 'visa', ({ id }) => ({ url: `${PRIVATE_PREFIX}/visa/${id}` }));
byId(['GET', 'HEAD'], '/visa/:id/download', 'visa', ({ id }) => ({ url: `${PRIVATE_PREFIX}/visa/${id}/download` }));
byId(['DELETE'], '/visa/:id', 'visa', ({ id }) => ({ url: `${PRIVATE_PREFIX}/visa/${id}` }));
byId(['PUT'], '/visa', 'visa', ({ id, invoice }) => ({
  url: `${PRIVATE_PREFIX}/visa`,
  payload: { id, invoices: [invoice], travel: validTravel() },
}));
byId(['POST'], '/visa/start-risk-analysis', 'visa', ({ id }) => ({
  url: `${PRIVATE_PREFIX}/visa/start-risk-analysis`,
  payload: { id },
}));
byId(['DELETE'], '/passkeys/:id', 'passkey', ({ id }) => ({ url: `${PRIVATE_PREFIX}/passkeys/${id}` }));
byId(['PUT'], '/notifications/:id', 'notification', ({ id }) => ({ url: `${PRIVATE_PREFIX}/notifications/${id}` }));
byId(['POST'], '/claims/wrong-invoice', 'invoice', ({ id }) => ({
  url: `${PRIVATE_PREFIX}/claims/wrong-invoice`,
  payload: { idRichiestaRimborso: id, problem: 'NAME' },
}));
byId(['POST'], '/claims/:id/withdraw', 'claim', ({ id }) => ({ url: `${PRIVATE_PREFIX}/claims/${id}/withdraw` }));

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
        routes.push({
          method,
          url: route.url,
          isPublic: (route.config as { public?: boolean } | undefined)?.public === true,
          queryKeys: shapeKeys(schema?.querystring),
          bodyKeys: shapeKeys(schema?.body),
        });
      }
    });
    await app.ready();
    const db = database().db;
    owner = await signedInTraveler(db);
    other = await signedInTraveler(db);
    const invoice = await insertInvoice(db, owner.document);
    const created = await app.inject({
      method: 'POST',
      url: `${PRIVATE_PREFIX}/visa`,
      headers: { cookie: owner.cookie },
      payload: { invoices: [invoice.id], travel: validTravel() },
    });
    assert.equal(created.statusCode, 200, created.body);
    owned = { visa: created.json<{ id: number }>().id, invoice: invoice.id };
    pendingCookies = {
      otp: await sessionCookie(db, owner.id, 'OTP_PENDING'),
      activation: await sessionCookie(db, owner.id, 'ACTIVATION_PENDING'),
    };
  });

  /** A request for `route` whose ids all name the owner's visa request and invoice. */
  const requestFor = (route: Route) => {
    const path = route.url.replace(/:(\w+)/g, (_match, name: string) =>
      name === 'publicId' ? '00000000-0000-4000-8000-000000000000' : String(owned.visa),
    );
    const query = route.queryKeys.includes('idRichiestaRimborso') ? `?idRichiestaRimborso=${owned.invoice}` : '';
    const payload =
      route.bodyKeys.length > 0 ? { id: owned.visa, invoices: [owned.invoice], travel: validTravel() } : undefined;
    return { method: route.method, url: `${path}${query}`, ...(payload ? { payload } : {}) };
  };
  const send = (route: Route, headers: Record<string, string> = {}, url?: string) => {
    const request = requestFor(route);
    return app.inject({ ...request, url: url ?? request.url, headers: { 'accept-language': 'EN', ...headers } });
  };
  const label = (route: Route, who: string) => `${route.method} ${route.url} (${who})`;

  const privateRoutes = () => routes.filter((route) => isUnder(route.url, PRIVATE_PREFIX));
  const keyRoutes = () =>
    routes.filter((route) => KEY_PREFIXES.some((prefix) => isUnder(route.url, prefix)) && !route.isPublic);

  it('knows every route: private, behind an API key, or under a prefix that is open by design', () => {
    assert.ok(
      privateRoutes().length >= 20 && keyRoutes().length >= 4,
      `${privateRoutes().length} private, ${keyRoutes().length} key routes`,
    );
    const unclassified = routes.filter(
      (route) =>
        !isUnder(route.url, PRIVATE_PREFIX) &&
        !KEY_PREFIXES.some((prefix) => isUnder(route.url, prefix)) &&
        !OPEN_PREFIXES.some((prefix) => isUnder(route.url, prefix)),
    );
    assert.deepEqual(
      unclassified.map((route) => `${route.method} ${route.url}`),
      [],
    );
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
      if (!OTP_PENDING_ROUTES.has(key))
        assert.equal((await send(route, { cookie: pendingCookies.otp })).statusCode, 403, label(route, 'OTP pending'));
      if (!ACTIVATION_PENDING_ROUTES.has(key))
        assert.equal(
          (await send(route, { cookie: pendingCookies.activation })).statusCode,
          403,
          label(route, 'activation pending'),
        );
    }
  });

  /** A thing of `kind` that `traveler` owns, made as the portal would find it: a pending visa request, an available invoice… */
  const ownedBy = async (traveler: SignedInTraveler, kind: Kind): Promise<Owned> => {
    const db = database().db;
    switch (kind) {
      case 'invoice':
        return { id: (await insertInvoice(db, traveler.document)).id };
      case 'visa': {
        const invoice = await insertInvoice(db, traveler.document);
        const created = await app.inject({
          method: 'POST',
          url: `${PRIVATE_PREFIX}/visa`,
          headers: { cookie: traveler.cookie },
          payload: { invoices: [invoice.id], travel: validTravel() },
        });
        assert.equal(created.statusCode, 200, created.body);
        return { id: created.json<{ id: number }>().id, invoice: invoice.id };
      }
      case 'passkey':
        return { id: (await addPasskey(app, traveler, 'Matrix key')).passkey.id };
      case 'claim': {
        const invoice = await insertInvoice(db, traveler.document);
        const claimed = await app.inject({
          method: 'POST',
          url: `${PRIVATE_PREFIX}/claims/wrong-invoice`,
          headers: { cookie: traveler.cookie },
          payload: { idRichiestaRimborso: invoice.id, problem: 'DOCUMENT' },
        });
        assert.equal(claimed.statusCode, 201, claimed.body);
        return { id: claimed.json<{ id: number }>().id };
      }
      case 'notification': {
        const id = await notify(db, {
          travelerId: traveler.id,
          kind: 'VISA_CREATED',
          params: { requestCode: 'VR-MATRIX' },
        });
        assert.ok(id !== undefined);
        return { id };
      }
    }
  };

  it('knows, for every private route that reads an id, which kind of id it reads', () => {
    const readsId = privateRoutes().filter(
      (route) =>
        route.url.includes(':') || route.queryKeys.includes('idRichiestaRimborso') || route.bodyKeys.includes('id'),
    );
    assert.deepEqual(
      readsId.map((route) => `${route.method} ${route.url}`).filter((key) => !BY_ID[key]),
      [],
      'routes that read an id missing from BY_ID',
    );
    const known = new Set(routes.map((route) => `${route.method} ${route.url}`));
    assert.deepEqual(
      Object.keys(BY_ID).filter((key) => !known.has(key)),
      [],
      'rows of BY_ID for routes that no longer exist',
    );
  });

  // Each row proves both halves: the id is a real one of its kind (its owner gets 2xx), and another traveler gets
  // exactly 404, as for an unknown id (not 403, which would tell that it exists; not 400, which would test nothing).
  for (const key of Object.keys(BY_ID)) {
    it(`answers 404 to another traveler and 2xx to the owner: ${key}`, async () => {
      const { kind, request } = BY_ID[key]!;
      const method = key.slice(0, key.indexOf(' ')) as Method;
      // Each row its own owner: a traveler has one pending visa request, and a DELETE or an update uses its thing up.
      const owner = await signedInTraveler(database().db);
      const owned = await ownedBy(owner, kind);
      const call = (traveler: SignedInTraveler) => {
        const { url, payload } = request(owned);
        return app.inject({
          method,
          url,
          headers: { 'accept-language': 'EN', cookie: traveler.cookie },
          ...(payload ? { payload } : {}),
        });
      };
      const refused = await call(other);
      assert.equal(
        refused.statusCode,
        404,
        `${key}, the ${kind} ${owned.id} of another traveler: ${refused.statusCode} ${refused.body.slice(0, 200)}`,
      );
      const answered = await call(owner);
      assert.ok(
        answered.statusCode >= 200 && answered.statusCode < 300,
        `${key}, the owner's ${kind} ${owned.id}: ${answered.statusCode} ${answered.body.slice(0, 200)}`,
      );
    });
  }

  it('refuses every key-protected route without a key, with an unknown key, or with the key of the other kind of client (401)', async () => {
    const merchantKey = (
      await createMerchantService(database().db).createMerchant({
        kind: 'VENDOR',
        name: 'Matrix S.r.l.',
        vatNumber: `IT-M-${process.pid}-${Date.now()}`,
      })
    ).apiKey;
    for (const route of keyRoutes()) {
      const wrongKind = isUnder(route.url, EXIT_POINT_PREFIX)
        ? [{ 'x-api-key': merchantKey }]
        : [{ 'x-api-key': `xk_${randomBytes(16).toString('hex')}` }];
      for (const headers of [{}, { 'x-api-key': 'vk_not-a-key' }, ...wrongKind]) {
        assert.equal((await send(route, headers)).statusCode, 401, label(route, JSON.stringify(headers)));
      }
    }
  });
});
