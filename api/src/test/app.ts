import { Writable } from 'node:stream';
import { after, before, describe } from 'node:test';
import { HEADERS } from '@varco/contracts';
import type { InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { databaseKinds, postgresOnly, testDatabase, type DatabaseKind } from './databases';

/**
 * The configuration of the tests: quiet logs, and per-address limits no test reaches unless it asks for one (the apps of
 * a test file share their counters, as instances do). The per-account limits keep their defaults: each test signs in
 * its own travelers.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', LOGIN_RATE_LIMIT_MAX: '100000' }),
    // No portal to read the releases from, unless a test serves one (modules/beacons/testing.ts).
    runtimeConfig: { urls: [], refreshMs: 30_000 },
    ...overrides,
  };
}

export type TestApp = ReturnType<typeof buildApp>;

/** Collects the JSON log lines of an app, for tests that check what is logged. */
export function logCollector(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

export interface DatabaseContext {
  kind: DatabaseKind;
  /** The shared database of this process (available inside tests and hooks). */
  database(): DatabaseHandle;
  /** A new app on this database, called as the portal calls it (its client header on every call); closed after the suite. */
  build(overrides?: Partial<Config>, deps?: Omit<AppDeps, 'database'>): TestApp;
  /** The same, but `inject` sends only the headers a test gives (the tests of the cross-site request checks). */
  buildBare(overrides?: Partial<Config>, deps?: Omit<AppDeps, 'database'>): TestApp;
  /** The options of a test that only PostgreSQL can make fail (`postgresOnly` of ./databases): skipped on PGlite. */
  postgresOnly(why: string): { skip?: string };
}

/** Makes `app.inject` send the header the portal's http client sends on every call, unless a test sets it itself. */
function asPortal(app: TestApp): TestApp {
  const inject = app.inject.bind(app);
  const withHeader = (options: InjectOptions | string): InjectOptions => {
    const given = typeof options === 'string' ? { url: options } : options;
    return { ...given, headers: { [HEADERS.client]: '1', ...given.headers } };
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined
      ? inject()
      : (inject as (...args: unknown[]) => unknown)(
          withHeader(options),
          ...(callback ? [callback] : []),
        )) as TestApp['inject'];
  return app;
}

/**
 * Declares the suite `title` once per available database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set),
 * so every api test runs against both.
 */
export function describeEachDatabase(title: string, body: (context: DatabaseContext) => void): void {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      const apps: TestApp[] = [];
      before(async () => {
        handle = await testDatabase(kind);
      });
      after(async () => {
        await Promise.all(apps.map((app) => app.close()));
      });
      body({
        kind,
        postgresOnly: (why) => postgresOnly(kind, why),
        database: () => {
          if (!handle) throw new Error('the test database is opened in before(): use it inside tests and hooks');
          return handle;
        },
        build: (overrides = {}, deps = {}) => {
          if (!handle) throw new Error('build apps inside tests or hooks');
          const app = asPortal(buildApp(testConfig(overrides), { database: handle, ...deps }));
          apps.push(app);
          return app;
        },
        buildBare: (overrides = {}, deps = {}) => {
          if (!handle) throw new Error('build apps inside tests or hooks');
          const app = buildApp(testConfig(overrides), { database: handle, ...deps });
          apps.push(app);
          return app;
        },
      });
    });
  }
}
