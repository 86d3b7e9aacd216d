import { Writable } from 'node:stream';
import { after, before, describe } from 'node:test';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { databaseKinds, testDatabase, type DatabaseKind } from './databases';

/** The configuration of the tests: quiet logs, and a rate limit no test reaches unless it asks for one. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000' }), ...overrides };
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
  /** A new app on this database; closed automatically after the suite. */
  build(overrides?: Partial<Config>, deps?: Omit<AppDeps, 'database'>): TestApp;
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
        database: () => {
          if (!handle) throw new Error('the test database is opened in before(): use it inside tests and hooks');
          return handle;
        },
        build: (overrides = {}, deps = {}) => {
          if (!handle) throw new Error('build apps inside tests or hooks');
          const app = buildApp(testConfig(overrides), { database: handle, ...deps });
          apps.push(app);
          return app;
        },
      });
    });
  }
}
