import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { loadConfig } from '../config';
import { describeEachDatabase, logCollector } from '../test/app';
import { tracedDialect } from './database';
import { tracedFetch } from './fetch';
import { requestTracing } from './http';
import { traceMailSends } from './mail';
import { activeTracing } from './state';

// The default: no OTLP endpoint. This file never starts tracing (its own process).

/** Where every copy of the OpenTelemetry API registers a tracer provider, context manager or propagator. */
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

// The API package itself (a facade of no-op objects until an SDK registers) may be loaded by others: prom-client reads
// it for exemplars. What tracing costs, the SDK, its exporter and context manager, must not be.
const loadedOpenTelemetry = () =>
  Object.keys(require.cache).filter((path) => path.includes('@opentelemetry') && !path.includes('@opentelemetry/api/'));

describeEachDatabase('tracing off', ({ build }) => {
  it('is the default: no tracer provider is registered, no OpenTelemetry SDK module is loaded, and a request makes no span', async () => {
    assert.equal(loadConfig({}).tracing, undefined);
    // A sampler or service name alone does not turn it on, nor does an endpoint with the SDK disabled.
    assert.equal(loadConfig({ OTEL_SERVICE_NAME: 'varco', OTEL_TRACES_SAMPLER: 'always_on' }).tracing, undefined);
    assert.equal(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'TRUE' }).tracing,
      undefined,
    );

    const logs = logCollector();
    const app = build({ logLevel: 'info' }, { logStream: logs.stream });
    app.post('/test/tracing/echo', async (request) => {
      await sql`select 1 as one`.execute(app.db);
      return { got: request.body };
    });
    assert.equal((await app.inject({ method: 'POST', url: '/test/tracing/echo', payload: {} })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/public/typology/airports/IT' })).statusCode, 200);

    assert.equal(activeTracing(), undefined);
    assert.equal((globalThis as Record<symbol, unknown>)[OTEL_GLOBAL], undefined);
    assert.deepEqual(loadedOpenTelemetry(), []);
    assert.equal(
      app.printPlugins().includes('varco-tracing'),
      false,
      'no tracing hook runs on a request when tracing is off',
    );
    const lines = logs.lines().filter((line) => line.msg === 'incoming request');
    assert.equal(lines.length, 2);
    for (const line of lines) assert.equal('trace_id' in line, false);
  });

  it('leaves the database, the mail sender and the identity client as they are', () => {
    assert.equal(requestTracing({ trustProxy: false }), undefined);
    const dialect = new PGliteDialect({} as never);
    assert.equal(tracedDialect(dialect), dialect);
    const sender = { send: async () => undefined, close: () => undefined };
    assert.equal(traceMailSends(sender, 'smtp://127.0.0.1:25'), sender);
    assert.equal(tracedFetch(), undefined);
    assert.deepEqual(loadedOpenTelemetry(), []);
  });
});
