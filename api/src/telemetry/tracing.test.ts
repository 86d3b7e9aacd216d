import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { sql } from 'kysely';
import { startIdentityProvider, type IdentityProvider } from '../../../deploy/identity-provider/server.mjs';
import { startMailCatcher, type MailCatcher } from '../../../deploy/mail-catcher/server.mjs';
import { loadConfig } from '../config';
import { enqueueMail } from '../modules/mail';
import { createOidcClient } from '../modules/oidc';
import { describeEachDatabase, logCollector, type TestApp } from '../test/app';
import { until } from '../test/wait';
import { REQUEST_ID_ATTRIBUTE } from './http';
import { startTracing, type Tracing } from './start';

// Tracing is on for the whole file (its own process): the apps and the database are built after it starts, as the
// server builds them.
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
before(async () => {
  tracing = await startTracing(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }).tracing!, {
    exporter,
  });
});
after(() => tracing.shutdown());

const SERVER = 1;
const CLIENT = 2;
const ERROR = 2;

const spans = () => exporter.getFinishedSpans();
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const childrenOf = (parent: ReadableSpan) =>
  spans().filter(
    (span) =>
      span.parentSpanContext?.spanId === idOf(parent) && span.spanContext().traceId === parent.spanContext().traceId,
  );

/** The server span of the request whose answer carried `requestId`, once it has ended. */
async function serverSpan(requestId: string): Promise<ReadableSpan> {
  let found: ReadableSpan | undefined;
  await until(`the server span of request ${requestId}`, () => {
    found = spans().find((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === requestId);
    return found !== undefined;
  });
  return found!;
}

const requestIdOf = (response: { headers: Record<string, unknown> }) => String(response.headers['x-request-id']);

describeEachDatabase('tracing', ({ build, database, kind }) => {
  let catcher: MailCatcher;
  let provider: IdentityProvider;

  before(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    provider = await startIdentityProvider({
      port: 0,
      redirectUris: ['http://localhost:8080/api/v1/auth/spid/callback'],
    });
  });
  after(async () => {
    await catcher.close();
    await provider.close();
  });

  it('a request is a server span named by its route, with the request id, and its queries are child spans', async () => {
    const response = await build().inject({ method: 'GET', url: '/api/v1/public/typology/airports/IT?language=EN' });
    assert.equal(response.statusCode, 200);
    const span = await serverSpan(requestIdOf(response));

    assert.equal(span.name, 'GET /api/v1/public/typology/airports/:country');
    assert.equal(span.kind, SERVER);
    assert.equal(span.parentSpanContext, undefined);
    assert.deepEqual(
      {
        method: span.attributes['http.request.method'],
        route: span.attributes['http.route'],
        path: span.attributes['url.path'],
        status: span.attributes['http.response.status_code'],
      },
      {
        method: 'GET',
        route: '/api/v1/public/typology/airports/:country',
        path: '/api/v1/public/typology/airports/IT',
        status: 200,
      },
    );
    assert.notEqual(span.status.code, ERROR);

    const queries = childrenOf(span).filter((child) => child.attributes['db.system.name'] === 'postgresql');
    assert.ok(queries.length > 0, 'the airports are read from the database');
    for (const query of queries) {
      assert.equal(query.kind, CLIENT);
      assert.match(query.name, /^SELECT \w+$/);
      assert.equal(query.attributes['db.operation.name'], 'SELECT');
      assert.match(String(query.attributes['db.query.text']), /^select /i);
      if (kind === 'postgres') assert.equal(query.attributes['server.address'], '127.0.0.1');
    }
  });

  it('a call with a body: the queries of its handler are children of its span too', async () => {
    const app = build();
    // The body is read from the request's stream events, outside the span's context: the handler still runs in it.
    app.post('/test/tracing/echo', async (request) => {
      await sql`select 1 as one`.execute(app.db);
      return { got: request.body };
    });
    const response = await app.inject({ method: 'POST', url: '/test/tracing/echo', payload: { hello: 'world' } });
    assert.equal(response.statusCode, 200);
    const span = await serverSpan(requestIdOf(response));
    assert.equal(span.name, 'POST /test/tracing/echo');
    assert.deepEqual(
      childrenOf(span).map((child) => [child.name, child.attributes['db.query.text']]),
      [['SELECT', 'select 1 as one']],
    );
  });

  it('the log lines of a request carry the trace id and span id of its span', async () => {
    const logs = logCollector();
    const response = await build({ logLevel: 'info' }, { logStream: logs.stream }).inject({
      method: 'GET',
      url: '/api/v1/public/typology/airports/FR',
    });
    const requestId = requestIdOf(response);
    const span = await serverSpan(requestId);
    await until('the request completed line', () => logs.lines().some((line) => line.msg === 'request completed'));
    const lines = logs.lines().filter((line) => line.reqId === requestId);
    assert.deepEqual(
      lines.map((line) => line.msg),
      ['incoming request', 'request completed'],
    );
    for (const line of lines) {
      assert.equal(line.trace_id, span.spanContext().traceId);
      assert.equal(line.span_id, span.spanContext().spanId);
      assert.equal(line.trace_flags, '01');
    }
  });

  it('follows the trace and request id of our proxy only when the proxy is trusted', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const headers = { traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'from-the-proxy-1' };

    const trusted = await build({ trustProxy: true }).inject({ method: 'GET', url: '/healthz', headers });
    const followed = await serverSpan('from-the-proxy-1');
    assert.equal(requestIdOf(trusted), 'from-the-proxy-1');
    assert.equal(followed.name, 'GET /healthz');
    assert.equal(followed.spanContext().traceId, traceId);
    assert.equal(followed.parentSpanContext?.spanId, parentId);

    const untrusted = await build().inject({ method: 'GET', url: '/healthz', headers });
    const own = await serverSpan(requestIdOf(untrusted));
    assert.notEqual(requestIdOf(untrusted), 'from-the-proxy-1');
    assert.notEqual(own.spanContext().traceId, traceId);
    assert.equal(own.parentSpanContext, undefined);
  });

  it('an unknown path is named by its method alone; a server error marks the span as failed', async () => {
    const app = build();
    app.get('/test/tracing/boom/:id', async () => {
      throw new Error('boom');
    });
    const missing = await app.inject({ method: 'GET', url: '/test/tracing/nowhere/42' });
    assert.equal(missing.statusCode, 404);
    const unknown = await serverSpan(requestIdOf(missing));
    assert.equal(unknown.name, 'GET');
    assert.equal(unknown.attributes['http.route'], undefined);
    assert.equal(unknown.attributes['http.response.status_code'], 404);
    assert.notEqual(unknown.status.code, ERROR);

    const failed = await app.inject({ method: 'GET', url: '/test/tracing/boom/1' });
    assert.equal(failed.statusCode, 500);
    const span = await serverSpan(requestIdOf(failed));
    assert.equal(span.name, 'GET /test/tracing/boom/:id');
    assert.equal(span.status.code, ERROR);
    assert.equal(span.attributes['error.type'], '500');
  });

  it('each mail handed to the SMTP server is a span', async () => {
    const app = build({ smtpUrl: catcher.smtpUrl, mailPollMs: 100 });
    await app.ready();
    catcher.clear();
    const id = await enqueueMail(database().db, {
      to: `traced.${process.pid}@example.com`,
      name: null,
      language: 'EN',
      template: 'otp',
      params: { code: '123456', validityMinutes: 5 },
    });
    await until('the mail at the catcher', () => catcher.messages().length === 1);
    let send: ReadableSpan | undefined;
    await until('the SMTP span', () => {
      send = spans().find((span) => span.name === 'smtp send' && span.attributes['varco.mail.outbox_id'] === id);
      return send !== undefined;
    });
    assert.equal(send!.kind, CLIENT);
    assert.equal(send!.parentSpanContext, undefined);
    assert.deepEqual(
      [send!.attributes['network.protocol.name'], send!.attributes['server.address'], send!.attributes['server.port']],
      ['smtp', '127.0.0.1', catcher.smtpPort],
    );
    assert.notEqual(send!.status.code, ERROR);
  });

  it("the identity provider's discovery is a client span of the request that needed it", async () => {
    const app: TestApp = build({
      publicBaseUrl: 'http://localhost:8080',
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        redirectUri: 'http://localhost:8080/api/v1/auth/spid/callback',
      },
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/auth/login-spid' });
    assert.equal(response.statusCode, 302);
    const span = await serverSpan(requestIdOf(response));
    assert.equal(span.name, 'GET /api/v1/auth/login-spid');
    const [discovery, ...others] = childrenOf(span).filter((child) => child.attributes['http.request.method']);
    assert.equal(others.length, 0);
    assert.equal(discovery!.name, 'GET /.well-known/openid-configuration');
    assert.equal(discovery!.kind, CLIENT);
    assert.deepEqual(
      [
        discovery!.attributes['url.full'],
        discovery!.attributes['server.port'],
        discovery!.attributes['http.response.status_code'],
      ],
      [`${provider.issuer}/.well-known/openid-configuration`, provider.port, 200],
    );
  });

  it('outside a request the client is traced too (a span of its own)', async () => {
    exporter.reset();
    const client = createOidcClient({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: 'http://localhost:8080/api/v1/auth/spid/callback',
    });
    await client.discover();
    const [discovery] = spans().filter((span) => span.name === 'GET /.well-known/openid-configuration');
    assert.equal(discovery?.parentSpanContext, undefined);
    // A query outside any request makes no span: the background jobs poll the database all day.
    await sql`select 1 as alone`.execute(database().db);
    assert.equal(spans().filter((span) => span.attributes['db.query.text'] === 'select 1 as alone').length, 0);
  });
});
