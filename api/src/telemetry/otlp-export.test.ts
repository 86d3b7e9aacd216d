import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { loadConfig } from '../config';
import { describeEachDatabase } from '../test/app';
import { until } from '../test/wait';
import { startTracing, type Tracing } from './start';

// The OTLP exporter for real, configured by the standard variables as the server is: a local HTTP server stands in
// for the collector and receives what is exported.
interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const received: Received[] = [];
/** The collector's answer: 200, or 400 to see how a refused export is reported. */
let answer = 200;
let collector: Server;
let tracing: Tracing;
const warnings: string[] = [];

before(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(answer, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  const config = loadConfig({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
    OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=s3cret%20key',
    OTEL_SERVICE_NAME: 'varco-api-under-test',
    OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
  });
  tracing = await startTracing(config.tracing!, { serviceVersion: '9.9.9' });
  tracing.useLogger({
    warn: (_details, message) => warnings.push(message),
    error: (_details, message) => warnings.push(message),
  });
});
after(async () => {
  await tracing.shutdown();
  await new Promise((resolve) => collector.close(resolve));
});

describeEachDatabase('OTLP export', ({ build }) => {
  it('sends the spans to <endpoint>/v1/traces as protobuf, with the configured headers and resource', async () => {
    received.length = 0;
    const response = await build().inject({ method: 'GET', url: '/api/v1/public/typology/airports/DE' });
    assert.equal(response.statusCode, 200);
    // The batch goes out on its timer; a flush sends it now.
    await tracing.forceFlush();
    await until('an export at the collector', () => received.length > 0);

    const [request] = received;
    assert.equal(request!.method, 'POST');
    assert.equal(request!.path, '/v1/traces');
    assert.equal(request!.headers['content-type'], 'application/x-protobuf');
    assert.equal(request!.headers['x-collector-key'], 's3cret key');
    // Protobuf keeps strings as they are: the span and resource texts can be read in the bytes.
    const body = Buffer.concat(received.map((item) => item.body)).toString('latin1');
    for (const text of [
      'varco-api-under-test',
      '9.9.9',
      'deployment.environment.name',
      'GET /api/v1/public/typology/airports/:country',
      String(response.headers['x-request-id']),
      'db.query.text',
    ])
      assert.ok(body.includes(text), `the export carries ${text}`);
  });

  it("reports a refused export in the api's log", async () => {
    answer = 400;
    try {
      await build().inject({ method: 'GET', url: '/healthz' });
      // Left to the batch's timer, as in the server (a flush would hand the failure to its caller instead).
      await until(
        'a warning about the export',
        () => warnings.some((message) => message.startsWith('OpenTelemetry: ')),
        20_000,
      );
    } finally {
      answer = 200;
    }
  });
});
