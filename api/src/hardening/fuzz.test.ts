// Property-based fuzzing of every operation of the api's OpenAPI document: inputs generated from each operation's own
// schemas, and hostile variants of them, the passkey calls also inside real ceremonies (below their limits, spread over
// sessions and addresses); then every text field of every operation with what PostgreSQL cannot store. Runs on PGlite
// only (the properties are about validation and error handling, which do not depend on the database kind; PGlite keeps
// it fast).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HEADERS } from '@varco/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { solvedCaptcha } from '../modules/captcha/testing';
import { createClient } from '../modules/exit-point';
import { createMerchantService } from '../modules/merchants';
import {
  CHALLENGE_COOKIE,
  PASSKEY_SIGN_IN_PATH,
  PASSKEYS_PATH,
  portalAuthenticator,
  type SoftAuthenticator,
} from '../modules/passkeys/testing';
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

/** A text PostgreSQL cannot store, and the rule's code that refuses it (`storableTextIssue` of @varco/contracts). */
interface Unstorable {
  text: string;
  code: (typeof UNSTORABLE_KINDS)[number];
}
const UNSTORABLE_KINDS = ['controlCharacter', 'incompleteCharacter'] as const;
/** The field's message of each, in English (the common texts' `accountRule`, as the forms show it). */
const UNSTORABLE_MESSAGES: Record<Unstorable['code'], string> = {
  controlCharacter: 'Contains a control character that is not allowed',
  incompleteCharacter: 'Contains an incomplete character (half of an emoji or symbol)',
};
/** Any text around a NUL or another control character, or around half of a surrogate pair (an emoji cut in two). */
function unstorable(code: Unstorable['code']): fc.Arbitrary<Unstorable> {
  const bad =
    code === 'controlCharacter'
      ? fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f')
      : fc.oneof(
          fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
          fc.constantFrom('\ud83d', '\ude00', '😀'.slice(0, 1), '😀'.slice(1)),
        );
  // Around it, text with no control character and whole code points only.
  const around = fc.string({ unit: 'grapheme', maxLength: 6 }).map((text) => text.replace(/[\p{Cc}]/gu, ''));
  return fc
    .tuple(around, bad, around)
    .map(([before, character, after]) => ({ text: `${before}${character}${after}`, code }));
}

/** What a valid-looking value of a schema is: its first allowed value, a number in range, a string of fitting length. */
const PATTERN_EXAMPLES: Record<string, string> = {
  '^[A-Z]{2}$': 'IT',
  '^\\d{4}-\\d{2}-\\d{2}$': '2026-01-15',
};
function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.enum) return schema.enum[0];
  if ((schema as { const?: unknown }).const !== undefined) return (schema as { const?: unknown }).const;
  const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((alternative) => alternative.type !== 'null');
  if (alternatives?.length) return exampleOf(alternatives[0]);
  switch ([schema.type ?? 'string'].flat().find((type) => type !== 'null')) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? 1);
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => exampleOf(schema.items));
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, exampleOf(property)]),
      );
    default: {
      const pattern = (schema as { pattern?: string }).pattern;
      if (pattern && PATTERN_EXAMPLES[pattern]) return PATTERN_EXAMPLES[pattern];
      if (pattern?.startsWith('^\\d{1,4}\\.')) return '1.0.0';
      return 'ab'.repeat(Math.max(schema.minLength ?? 1, 1)).slice(0, Math.max(schema.maxLength ?? 2, 1));
    }
  }
}

/** A text field of an operation: where it is (body, query, path), its path there, and its part with `text` in it. */
interface TextField {
  where: 'body' | 'query' | 'path';
  path: string[];
  build: (text: string) => unknown;
}

/** The text fields of a schema (strings with no closed list of values), each with its value built around it. */
function textFieldsIn(schema: JsonSchema | undefined, path: string[] = []): Array<Omit<TextField, 'where'>> {
  if (!schema || schema.enum || (schema as { const?: unknown }).const !== undefined) return [];
  const alternatives = (schema.anyOf ?? schema.oneOf)?.filter((alternative) => alternative.type !== 'null');
  if (alternatives) return alternatives.flatMap((alternative) => textFieldsIn(alternative, path));
  const type = [schema.type ?? 'string'].flat().find((each) => each !== 'null');
  if (type === 'string') return [{ path, build: (text) => text }];
  if (type === 'array')
    return textFieldsIn(schema.items, [...path, '0']).map((field) => ({
      path: field.path,
      build: (text) => [field.build(text)],
    }));
  if (type !== 'object') return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    textFieldsIn(property, [...path, name]).map((field) => ({
      path: field.path,
      build: (text) => ({ ...(exampleOf(schema) as object), [name]: field.build(text) }),
    })),
  );
}

/** Every text field of an operation's input. */
function textFieldsOf(operation: Operation): TextField[] {
  const of = (where: TextField['where'], schema: JsonSchema | undefined) =>
    textFieldsIn(schema).map((field) => ({ ...field, where }));
  return [
    ...of('path', { type: 'object', properties: operation.pathParams }),
    ...of('query', { type: 'object', properties: operation.query }),
    ...of('body', operation.body),
  ];
}

/** The fuzzer's travelers, a session each: the passkey calls limit each session, and each traveler's passkeys. */
const SESSIONS = 24;
const PASSKEY_ADD = 'POST /api/v1/private/passkeys';
const REGISTRATION = '/api/v1/public/traveler';
const PASSKEY_SIGN_IN = 'POST /api/v1/auth/passkey/verify';
/** The passkey calls, which the fuzzer must reach below their limits (per session, per address). */
const PASSKEY_CALLS = [
  'POST /api/v1/auth/passkey/options',
  PASSKEY_SIGN_IN,
  'POST /api/v1/private/passkeys/registration-options',
  PASSKEY_ADD,
];
const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }, name: string) =>
  response.cookies.find((cookie) => cookie.name === name);

describe('fuzzing every operation [pglite]', () => {
  let database: DatabaseHandle;
  let app: TestApp;
  let operations: Operation[];
  let merchantKey: string;
  let kioskKey: string;
  const sessions: Array<{ travelerId: number; cookie: string }> = [];
  /** Requests that reached a route's handler (past the session, the key and the validation of their input), by route. */
  const handled = new Map<string, number>();
  before(async () => {
    database = await testDatabase('pglite');
    app = buildApp(testConfig(), { database });
    // preHandler hooks run after validation: one more on every route counts the requests that got that far.
    app.addHook('onRoute', (route) => {
      const key = `${[route.method].flat()[0]} ${route.url}`;
      const countHandled = async () => {
        handled.set(key, (handled.get(key) ?? 0) + 1);
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), countHandled];
    });
    await app.ready();
    merchantKey = (
      await createMerchantService(database.db).createMerchant({
        kind: 'BROKER',
        name: 'Fuzz S.p.A.',
        vatNumber: `IT-F-${process.pid}`,
      })
    ).apiKey;
    kioskKey = (await createClient(database.db, { kind: 'KIOSK', name: 'Fuzz kiosk', customsOffice: 'IT277100' }))
      .apiKey;
    for (let index = 0; index < SESSIONS; index += 1) {
      const traveler = await signedInTraveler(database.db);
      sessions.push({ travelerId: traveler.id, cookie: traveler.cookie });
    }
    operations = operationsOf(withShapesInline(app.swagger() as Parameters<typeof operationsOf>[0]));
  });
  after(async () => {
    await app.close();
  });

  /** The credentials of a call: a merchant's or kiosk's key, or the session of the fuzzer's traveler `pick`. */
  const credentials = (path: string, pick: number): Record<string, string> => {
    if (path.startsWith('/api/v1/merchant')) return { 'x-api-key': merchantKey };
    if (path.startsWith('/api/v1/exit-point')) return { 'x-api-key': kioskKey };
    return { cookie: sessions[pick % SESSIONS]!.cookie };
  };

  it(
    `answers ${FUZZ_RUNS} generated and hostile requests without a 5xx, every refusal in the error shape`,
    // 10,000 requests, and the passkey ceremonies' own calls: 2 to 5 minutes on 2 cores shared with other runs.
    { timeout: 600_000 },
    async (t) => {
      const seed = fuzzSeed();
      // Printed before the first request: a failure, or a run that never ends, is replayed with the same seed.
      console.log(`fuzz: seed ${seed} (replay with FUZZ_SEED=${seed})`);
      t.diagnostic(`fuzz seed ${seed}`);
      assert.ok(operations.length >= 35, `${operations.length} operations`);
      // A generated call may end a session (a password change does): a new one is signed in then.
      const signInAgain = async (pick: number) => {
        const session = sessions[pick % SESSIONS]!;
        session.cookie = await sessionCookie(database.db, session.travelerId);
      };
      /** Authenticators of the passkeys the fuzzer added, for its sign-ins. */
      const registered: SoftAuthenticator[] = [];

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
          session: fc.nat(SESSIONS - 1),
          // A passkey call with a real ceremony around it (1, 2), its answer then changed in one place (2).
          ceremony: fc.nat(2),
          twist: hostileValue,
          twistAt: fc.nat(),
        });
      });

      /**
       * A passkey call as the portal makes it: the options of this session or address first, then the authenticator's
       * real answer, with the generated name (or one member changed to a hostile value). Undefined when the options
       * were refused (a full traveler, a limit): the generated body goes as it is.
       */
      const ceremonyBody = async (
        key: string,
        generated: unknown,
        { ceremony, twist, twistAt, session }: { ceremony: number; twist: unknown; twistAt: number; session: number },
        remoteAddress: string,
      ): Promise<{ body: unknown; cookies: string[]; authenticator?: SoftAuthenticator } | undefined> => {
        const twisted = (credential: Record<string, unknown>) => {
          if (ceremony < 2) return credential;
          const response = credential.response as Record<string, unknown>;
          const members = Object.keys(response);
          return { ...credential, response: { ...response, [members[twistAt % members.length]!]: twist } };
        };
        if (key === PASSKEY_ADD) {
          const cookie = sessions[session]!.cookie;
          const options = await app.inject({
            method: 'POST',
            url: `${PASSKEYS_PATH}/registration-options`,
            headers: { cookie, [HEADERS.client]: '1' },
            remoteAddress,
          });
          const challenge = cookieOf(options, CHALLENGE_COOKIE);
          if (options.statusCode !== 200 || !challenge) return undefined;
          const authenticator = portalAuthenticator();
          const name = (generated as { name?: unknown } | null)?.name ?? twist;
          return {
            body: { name, credential: twisted(authenticator.register(options.json())) },
            cookies: [cookie, `${CHALLENGE_COOKIE}=${challenge.value}`],
            authenticator,
          };
        }
        const authenticator = registered[twistAt % Math.max(registered.length, 1)];
        if (!authenticator) return undefined;
        const options = await app.inject({
          method: 'POST',
          url: `${PASSKEY_SIGN_IN_PATH}/options`,
          headers: { [HEADERS.client]: '1' },
          remoteAddress,
        });
        const challenge = cookieOf(options, CHALLENGE_COOKIE);
        if (options.statusCode !== 200 || !challenge) return undefined;
        return {
          body: { credential: twisted(authenticator.assert(options.json())) },
          cookies: [`${CHALLENGE_COOKIE}=${challenge.value}`],
        };
      };

      let sent = 0;
      const statuses = new Map<number, number>();
      const byCall = new Map<string, Map<number, number>>();
      await fc.assert(
        fc.asyncProperty(request, async (generated) => {
          const { operation, params, query, urlTwist, signedIn, portalHeader, asJson, session } = generated;
          const key = `${operation.method} ${operation.path}`;
          const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
            encodePart(asText((params as Record<string, unknown>)[name])),
          );
          const search =
            query && typeof query === 'object' && !Array.isArray(query)
              ? new URLSearchParams(
                  Object.entries(query)
                    .filter(([, value]) => value !== undefined)
                    .map(([name, value]): [string, string] => [name, asText(value)]),
                ).toString()
              : `q=${encodePart(asText(query))}`;
          const remoteAddress = `10.66.${sent % 250}.${(sent >> 8) % 250}`;
          const ceremony =
            generated.ceremony > 0 && (key === PASSKEY_ADD || key === PASSKEY_SIGN_IN)
              ? await ceremonyBody(key, generated.body, generated, remoteAddress)
              : undefined;
          const given = signedIn ? credentials(operation.path, session) : {};
          const headers: Record<string, string> = {
            'accept-language': 'EN',
            ...given,
            ...(ceremony ? { cookie: ceremony.cookies.join('; ') } : {}),
            ...(portalHeader > 0 || ceremony ? { [HEADERS.client]: '1' } : {}),
          };
          const body = ceremony ? ceremony.body : generated.body;
          const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
          const options: InjectOptions = {
            method: operation.method,
            url: `${path}${search ? `?${search}` : ''}${ceremony ? '' : urlTwist}`,
            headers,
            remoteAddress,
          };
          if (hasBody) {
            const json = asJson > 0 || ceremony;
            options.payload = json ? bodyText(body) : asText(body);
            options.headers = {
              ...headers,
              'content-type': json
                ? 'application/json'
                : asJson === 0 && portalHeader % 2
                  ? 'text/plain'
                  : 'application/x-www-form-urlencoded',
            };
          }
          const response = await app.inject(options);
          sent += 1;
          if (response.statusCode === 401 && given.cookie && operation.path.startsWith('/api/v1/private'))
            await signInAgain(session);
          if (key === PASSKEY_ADD && response.statusCode === 201 && ceremony?.authenticator)
            registered.push(ceremony.authenticator);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const call = byCall.get(key) ?? new Map<number, number>();
          byCall.set(key, call.set(response.statusCode, (call.get(response.statusCode) ?? 0) + 1));
          assert.ok(
            response.statusCode < 500,
            `${operation.method} ${operation.path} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
          );
          if (response.statusCode >= 400) {
            const answer = response.json<Record<string, unknown>>();
            assert.equal(typeof answer.detail, 'string', response.body.slice(0, 300));
            assert.deepEqual(
              Object.keys(answer).filter((name) => name !== 'detail' && name !== 'extra'),
              [],
            );
            assert.ok(!response.body.includes('/api/'), `the answer echoes the URL: ${response.body.slice(0, 300)}`);
          }
        }),
        { numRuns: FUZZ_RUNS, seed, endOnFailure: true },
      );
      assert.equal(sent >= FUZZ_RUNS, true);
      const past = [...handled.values()].reduce((sum, count) => sum + count, 0);
      // A summary in the test's output: how many requests, how many a handler answered, and their statuses.
      const tally = (counts: Map<number, number>) =>
        JSON.stringify(Object.fromEntries([...counts].sort(([a], [b]) => a - b)));
      console.log(`fuzz: ${sent} requests, ${past} past validation; statuses ${tally(statuses)}`);
      for (const key of PASSKEY_CALLS) console.log(`fuzz: ${key}: ${tally(byCall.get(key) ?? new Map())}`);
      assert.ok(
        past >= sent * MIN_HANDLED_SHARE,
        `only ${past} of ${sent} requests got past validation (seed ${seed}): the generator tests little more than the schemas`,
      );
      const notRefused = sent - (statuses.get(400) ?? 0);
      assert.ok(
        notRefused >= sent * MIN_HANDLED_SHARE,
        `${statuses.get(400)} of ${sent} requests answered 400 (seed ${seed})`,
      );
      // The passkey calls were reached, below their limits: each got past validation, the two ceremonies succeeded,
      // and few of their calls were refused for their rate.
      for (const key of PASSKEY_CALLS) {
        const call = byCall.get(key) ?? new Map<number, number>();
        const total = [...call.values()].reduce((sum, count) => sum + count, 0);
        assert.ok((handled.get(key) ?? 0) > 0, `${key}: no request got past validation (seed ${seed})`);
        assert.ok((call.get(429) ?? 0) <= total * 0.05, `${key}: ${tally(call)}: refused for its rate (seed ${seed})`);
      }
      assert.ok((byCall.get(PASSKEY_ADD)?.get(201) ?? 0) > 0, `no passkey added (seed ${seed})`);
      assert.ok((byCall.get(PASSKEY_SIGN_IN)?.get(204) ?? 0) > 0, `no sign-in with a passkey (seed ${seed})`);
    },
  );

  it('refuses what PostgreSQL cannot store in every text field of every operation, with that field’s 400', async () => {
    const seed = fuzzSeed();
    console.log(`fuzz (text fields): seed ${seed} (replay with FUZZ_SEED=${seed})`);
    const fields = operations.flatMap((operation) => textFieldsOf(operation).map((field) => ({ ...field, operation })));
    // The earlier tests' calls may have ended these sessions (a sign-out, a password change): a 401 would hide the 400.
    for (const session of sessions) session.cookie = await sessionCookie(database.db, session.travelerId);
    assert.ok(fields.length >= 80, `${fields.length} text fields`);
    let sent = 0;
    const check = async (field: (typeof fields)[number], { text, code }: Unstorable) => {
      const { operation } = field;
      const at = (where: TextField['where']) => (field.where === where ? field.build(text) : undefined);
      const params = (at('path') ?? exampleOf({ type: 'object', properties: operation.pathParams })) as Record<
        string,
        unknown
      >;
      const query = (at('query') ?? exampleOf({ type: 'object', properties: operation.query })) as Record<
        string,
        unknown
      >;
      const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
        encodeURIComponent(asText(params[name])),
      );
      const search = new URLSearchParams(
        Object.entries(query).map(([name, value]): [string, string] => [name, asText(value)]),
      ).toString();
      const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      // The registration looks at its captcha before its body: a solved one, so that the body is read.
      const captcha = operation.path === REGISTRATION ? await solvedCaptcha(database.db) : {};
      const response = await app.inject({
        method: operation.method,
        url: `${path}${search ? `?${search}` : ''}`,
        headers: {
          'accept-language': 'EN',
          [HEADERS.client]: '1',
          ...credentials(operation.path, sent),
          ...captcha,
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(hasBody ? { payload: JSON.stringify(at('body') ?? exampleOf(operation.body)) } : {}),
        remoteAddress: `10.67.${sent % 250}.${(sent >> 8) % 250}`,
      });
      sent += 1;
      const what = `${operation.method} ${operation.path} ${field.where} ${field.path.join('.')} = ${JSON.stringify(text)}`;
      assert.equal(response.statusCode, 400, `${what}: ${response.body.slice(0, 300)}`);
      const extra = response.json<{ extra?: Record<string, string> }>().extra ?? {};
      assert.equal(extra[field.path.join('.')], UNSTORABLE_MESSAGES[code], `${what}: ${response.body.slice(0, 300)}`);
    };
    // Every field with each kind of character, then random ones anywhere in random text, in any field.
    for (const field of fields)
      for (const kind of field.where === 'body' ? UNSTORABLE_KINDS : (['controlCharacter'] as const))
        await check(field, fc.sample(unstorable(kind), { seed, numRuns: 1 })[0]!);
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...fields)
          .chain((field) =>
            fc.tuple(
              fc.constant(field),
              field.where === 'body' ? fc.oneof(...UNSTORABLE_KINDS.map(unstorable)) : unstorable('controlCharacter'),
            ),
          ),
        ([field, bad]) => check(field, bad),
      ),
      { numRuns: 300, seed },
    );
  });
});
