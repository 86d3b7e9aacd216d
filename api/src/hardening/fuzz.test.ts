// Property-based fuzzing of every operation of the api's OpenAPI document: inputs generated from each operation's own
// schemas, and hostile variants of them. Runs on PGlite only (the properties are about validation and error handling,
// which do not depend on the database kind; PGlite keeps it fast).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HEADERS } from '@varco/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { createClient } from '../modules/exit-point';
import { createMerchantService } from '../modules/merchants';
import { testConfig, type TestApp } from '../test/app';
import { testDatabase } from '../test/databases';
import { sessionCookie, signedInTraveler } from '../test/travelers';

/** Requests sent in all (the property's runs): enough to reach every operation with many shapes of input. */
export const FUZZ_RUNS = 10_000;
/**
 * The share of requests that must get past validation to a handler: a fuzzer whose every request is refused at the
 * schema only tests the schema. The generator builds most inputs from the operation's own schema for that.
 */
export const MIN_HANDLED_SHARE = 0.1;

/** The run's seed: `FUZZ_SEED` replays a failure (the test prints the seed it used); a new one per run otherwise. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  if (env.FUZZ_SEED === undefined || env.FUZZ_SEED === '') return Date.now() % 2_147_483_647;
  const seed = Number(env.FUZZ_SEED);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not ${env.FUZZ_SEED}`);
  return seed;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
};
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

/**
 * Left out: the calls that end the fuzzer's own session or account (no input worth fuzzing), and the digital identity
 * sign-in, which answers 503 by design when no identity provider is configured (as here).
 */
const LEFT_OUT = new Set([
  'POST /api/v1/private/v1/traveler/logout',
  'DELETE /api/v1/private/traveler',
  'GET /api/v1/auth/login-spid',
  'GET /api/v1/auth/spid/callback',
]);

const NUL = '\u0000';
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    `a${NUL}b`,
    '\u0001\u001f\u007f',
    'x'.repeat(1_000_000),
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    1e308,
    -1,
    0,
    1.5,
    '9'.repeat(400),
    '',
    null,
    true,
    [],
    {},
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}') as unknown,
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '\ud800',
  ),
  // Deep nesting, spelled out only in the request's text (see `bodyText`): fast-check prints values recursively.
  fc.integer({ min: 1, max: 400 }).map((depth) => `${DEEP}${depth * 25}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map((value) => value.toString()),
);

function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, depth + 1)));
  const types = [schema.type ?? 'string'].flat();
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'null':
          return fc.constant(null);
        case 'boolean':
          return fc.boolean();
        case 'integer':
          return fc.integer({
            min: Math.max(schema.minimum ?? -1000, -2_147_483_648),
            max: Math.min(schema.maximum ?? 100_000, 2_147_483_647),
          });
        case 'number':
          return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
        case 'array':
          return fc.array(fromSchema(schema.items, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 5, 5),
          });
        case 'object': {
          const entries = Object.entries(schema.properties ?? {});
          const required = new Set(schema.required ?? []);
          return fc.record(Object.fromEntries(entries.map(([key, value]) => [key, fromSchema(value, depth + 1)])), {
            requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)),
          });
        }
        default:
          if (schema.format === 'email') return fc.emailAddress();
          if (schema.format === 'date')
            return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
          return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
      }
    }),
  );
}

/** Replaces a random part of a valid input (or all of it) by a hostile value. */
function hostile(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, hostileValue, fc.nat()).map(([value, bad, pick]) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad;
    const keys = Object.keys(value);
    if (keys.length === 0) return bad;
    return { ...value, [keys[pick % keys.length] as string]: bad };
  });
}

const DEEP = '__deep_nesting__';
const DEEP_MARK = new RegExp(`"${DEEP}(\\d+)"`, 'g');
const nesting = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** encodeURIComponent, or for text it cannot encode (a lone surrogate) an invalid UTF-8 escape: hostile either way. */
const encodePart = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** The JSON text of a body, its deep-nesting marks expanded. */
const bodyText = (value: unknown) =>
  (JSON.stringify(value ?? null) ?? 'null').replace(DEEP_MARK, (_match, depth: string) => nesting(Number(depth)));

/** The document with every `$ref` to a named shape (components.schemas) replaced by the shape: what a request is made from. */
function withShapesInline<T>(document: T & { components?: { schemas?: Record<string, unknown> } }): T {
  const named = document.components?.schemas ?? {};
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (!value || typeof value !== 'object') return value;
    const { $ref } = value as { $ref?: unknown };
    if (typeof $ref === 'string' && $ref.startsWith('#/components/schemas/'))
      return inline(named[$ref.slice('#/components/schemas/'.length)]);
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inline(child)]));
  };
  return inline(document) as T;
}

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const of = (where: string) =>
          Object.fromEntries(
            parameters
              .filter((parameter) => parameter.in === where)
              .map((parameter) => [parameter.name, parameter.schema]),
          );
        return {
          method: method.toUpperCase() as Operation['method'],
          path,
          pathParams: of('path'),
          query: of('query'),
          body: operation.requestBody?.content?.['application/json']?.schema,
        };
      })
      .filter((operation) => !LEFT_OUT.has(`${operation.method} ${operation.path}`)),
  );
}

describe('fuzzing every operation [pglite]', () => {
  let database: DatabaseHandle;
  let app: TestApp;
  /** Requests that reached a route's handler: past the session, the key and the validation of their input. */
  let handled = 0;
  before(async () => {
    database = await testDatabase('pglite');
    app = buildApp(testConfig(), { database });
    // preHandler hooks run after validation: one more on every route counts the requests that got that far.
    app.addHook('onRoute', (route) => {
      const countHandled = async () => {
        handled += 1;
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), countHandled];
    });
    await app.ready();
  });
  after(async () => {
    await app.close();
  });

  it(
    `answers ${FUZZ_RUNS} generated and hostile requests without a 5xx, every refusal in the error shape`,
    { timeout: 300_000 },
    async (t) => {
      const seed = fuzzSeed();
      // Printed before the first request: a failure, or a run that never ends, is replayed with the same seed.
      console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);
      t.diagnostic(`fuzz seed ${seed}`);
      const traveler = await signedInTraveler(database.db);
      const merchantKey = (
        await createMerchantService(database.db).createMerchant({
          kind: 'BROKER',
          name: 'Fuzz S.p.A.',
          vatNumber: `IT-F-${process.pid}`,
        })
      ).apiKey;
      const kioskKey = (
        await createClient(database.db, { kind: 'KIOSK', name: 'Fuzz kiosk', customsOffice: 'IT277100' })
      ).apiKey;
      const operations = operationsOf(withShapesInline(app.swagger() as Parameters<typeof operationsOf>[0]));
      assert.ok(operations.length >= 35, `${operations.length} operations`);

      const credentials = (path: string): Record<string, string> => {
        if (path.startsWith('/api/v1/merchant')) return { 'x-api-key': merchantKey };
        if (path.startsWith('/api/v1/exit-point')) return { 'x-api-key': kioskKey };
        return { cookie };
      };
      // A generated call may end the session (a password change does): a new one is signed in then.
      let cookie = traveler.cookie;
      const signInAgain = async () => {
        cookie = await sessionCookie(database.db, traveler.id);
      };

      const request = fc.constantFrom(...operations).chain((operation) => {
        const part = (schema: JsonSchema | undefined) =>
          fc.oneof({ weight: 3, arbitrary: fromSchema(schema) }, { weight: 2, arbitrary: hostile(fromSchema(schema)) });
        const params = fc.record(
          Object.fromEntries(
            Object.entries(operation.pathParams).map(([name, schema]) => [
              name,
              fc.oneof(fromSchema(schema), hostileValue),
            ]),
          ),
        );
        const query = part({ type: 'object', properties: operation.query });
        const urlTwist = fc.constantFrom(
          '',
          '',
          '',
          '',
          '%',
          '%E0%A4%A',
          '/' + 'a'.repeat(600),
          '?a=%ZZ',
          '?x[y][z]=1&x=2',
        );
        return fc.record({
          operation: fc.constant(operation),
          params,
          query,
          body: part(operation.body),
          urlTwist,
          signedIn: fc.nat(4).map((pick) => pick > 0),
          portalHeader: fc.nat(9),
          asJson: fc.nat(9),
        });
      });

      let sent = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          request,
          async ({ operation, params, query, body, urlTwist, signedIn, portalHeader, asJson }) => {
            const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
              encodePart(asText((params as Record<string, unknown>)[name])),
            );
            const search =
              query && typeof query === 'object' && !Array.isArray(query)
                ? new URLSearchParams(
                    Object.entries(query)
                      .filter(([, value]) => value !== undefined)
                      .map(([key, value]): [string, string] => [key, asText(value)]),
                  ).toString()
                : `q=${encodePart(asText(query))}`;
            const headers: Record<string, string> = {
              'accept-language': 'EN',
              ...(signedIn ? credentials(operation.path) : {}),
              ...(portalHeader > 0 ? { [HEADERS.client]: '1' } : {}),
            };
            const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
            const options: InjectOptions = {
              method: operation.method,
              url: `${path}${search ? `?${search}` : ''}${urlTwist}`,
              headers,
              remoteAddress: `10.66.${sent % 250}.${(sent >> 8) % 250}`,
            };
            if (hasBody) {
              options.payload = asJson > 0 ? bodyText(body) : asText(body);
              options.headers = {
                ...headers,
                'content-type':
                  asJson > 0
                    ? 'application/json'
                    : asJson === 0 && portalHeader % 2
                      ? 'text/plain'
                      : 'application/x-www-form-urlencoded',
              };
            }
            const response = await app.inject(options);
            sent += 1;
            if (
              response.statusCode === 401 &&
              signedIn &&
              !operation.path.startsWith('/api/v1/merchant') &&
              !operation.path.startsWith('/api/v1/exit-point')
            )
              await signInAgain();
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            assert.ok(
              response.statusCode < 500,
              `${operation.method} ${operation.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
            );
            if (response.statusCode >= 400) {
              const answer = response.json<Record<string, unknown>>();
              assert.equal(typeof answer.detail, 'string', response.body.slice(0, 300));
              assert.deepEqual(
                Object.keys(answer).filter((key) => key !== 'detail' && key !== 'extra'),
                [],
              );
              assert.ok(!response.body.includes('/api/'), `the answer echoes the URL: ${response.body.slice(0, 300)}`);
            }
          },
        ),
        { numRuns: FUZZ_RUNS, seed, endOnFailure: true },
      );
      assert.equal(sent >= FUZZ_RUNS, true);
      // A summary in the test's output: how many requests, how many a handler answered, and their statuses.
      console.log(
        `fuzz: ${sent} requests, ${handled} past validation; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      assert.ok(
        handled >= sent * MIN_HANDLED_SHARE,
        `only ${handled} of ${sent} requests got past validation (seed ${seed}): the generator tests little more than the schemas`,
      );
      const notRefused = sent - (statuses.get(400) ?? 0);
      assert.ok(
        notRefused >= sent * MIN_HANDLED_SHARE,
        `${statuses.get(400)} of ${sent} requests answered 400 (seed ${seed})`,
      );
    },
  );
});
