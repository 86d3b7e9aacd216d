// The rendered configuration in a real nginx (local.mjs; scripts/ensure-nginx.sh installs it) at a peak: when nginx
// cannot pass an api call on because its connections are all taken, it answers as the api answers when busy (503,
// Retry-After, the error shape in the caller's language), never its own 500 page. The exit point's peak bench met that
// 500: one worker of 512 connections, each proxied call holding two (the caller's and the instance's).
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/lib/processes.mjs';
import { startNginx } from './local.mjs';
import { TEMPLATE_FILE } from './render.mjs';

/** An instance that takes its time over every call, but answers /api/v1/fail at once with a 500 of its own. */
const INSTANCE_MS = 1_500;
/** Few enough that a handful of slow calls take them all; even, so that nginx runs out as it connects to the instance. */
const WORKER_CONNECTIONS = 12;
const API_LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'api', 'src', 'i18n', 'locales');

/** A call on a connection of its own; resolves with the answer or the network error's code. */
function call(url, path, language = 'it-IT') {
  return new Promise((resolve) => {
    const outgoing = request(`${url}${path}`, { agent: false, headers: { 'accept-language': language } }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode, headers: answer.headers, body }));
    });
    outgoing.on('error', (error) => resolve({ status: 0, error: error.code }));
    outgoing.end();
  });
}

describe('nginx: an api call it cannot pass on', () => {
  let instance;
  let nginx;
  beforeAll(async () => {
    instance = createServer((incoming, answer) => {
      if (incoming.url === '/api/v1/fail') {
        answer.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"the instance\'s own"}');
        return;
      }
      setTimeout(() => answer.writeHead(200, { 'content-type': 'application/json' }).end('{}'), INSTANCE_MS);
    });
    await new Promise((resolve) => instance.listen(0, '127.0.0.1', resolve));
    nginx = await startNginx({
      upstreams: [`127.0.0.1:${instance.address().port}`],
      portalPort: await freePort(),
      cdnPort: await freePort(),
      hostname: '127.0.0.1',
      workerConnections: WORKER_CONNECTIONS,
    });
  });
  afterAll(async () => {
    await nginx?.close();
    instance?.close();
  });

  it('answers 503 with Retry-After in the api error shape and the caller language, never 500', async () => {
    // One call after another, each still waiting for the instance when the next comes: the connections run out.
    const calls = [];
    for (let index = 0; index < 8; index += 1) {
      calls.push(call(nginx.url, `/api/v1/exit-point/scan?n=${index}`));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => answer.status)).not.toContain(500);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers[0].status).toBe(200);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-type']).toBe('application/json');
      expect(JSON.parse(answer.body)).toEqual({
        detail: 'Il servizio è temporaneamente non disponibile. Riprova più tardi.',
      });
    }
  });

  it("passes an instance's own 500 on as it is", async () => {
    const answer = await call(nginx.url, '/api/v1/fail');
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({ detail: "the instance's own" });
  });

  it("says the api's own words for a busy service, in each of its languages", () => {
    const template = readFileSync(TEMPLATE_FILE, 'utf8');
    const map = /map \$varco_header_language \$varco_api_busy \{\n([\s\S]*?)\n\}/.exec(template)?.[1];
    expect(map).toBeDefined();
    const texts = Object.fromEntries(
      map.split('\n').map((line) => {
        const [, language, text] = /^\s*(\S+)\s+"(.*)";$/.exec(line);
        return [language === 'default' ? 'en' : language, text];
      }),
    );
    const catalogue = Object.fromEntries(
      Object.keys(texts).map((language) => [
        language,
        JSON.parse(readFileSync(join(API_LOCALES, `${language}.json`), 'utf8')).serviceUnavailable,
      ]),
    );
    expect(Object.keys(texts)).toHaveLength(12);
    expect(texts).toEqual(catalogue);
  });
});
