// The rendered configuration in a real nginx (local.mjs; scripts/ensure-nginx.sh installs it): the metrics path is
// refused by nginx itself, however it is spelt, while the api's calls are still passed on and the pages still served.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench/lib/processes.mjs';
import { writeShellFolder } from '../local-cdn/page-cases.mjs';
import { startNginx } from './local.mjs';

// Nothing listens there: a call nginx passes on answers 502, so a 404 is nginx's own answer.
const NO_API = ['127.0.0.1:9'];

/** A request with its path sent as written (fetch would resolve `..` and decode nothing). */
function get(url, path, method = 'GET') {
  return new Promise((resolve, reject) => {
    const call = request(url, { method, path }, (answer) => {
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

describe('nginx: the metrics path from outside', () => {
  let nginx;
  let root;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'varco-nginx-metrics-'));
    chmodSync(root, 0o755);
    writeShellFolder(join(root, 'shell'), { pages: true });
    nginx = await startNginx({
      upstreams: NO_API,
      portalPort: await freePort(),
      cdnPort: await freePort(),
      hostname: '127.0.0.1',
      root,
    });
  });
  afterAll(async () => {
    await nginx?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    '/metrics',
    '/metrics/',
    '/metrics?name[]=varco_http_requests_total',
    '/METRICS',
    '/%6detrics',
    '//metrics',
    '/api/metrics',
    '/api/metrics/',
    '/api//metrics',
    '/api/v1/../metrics',
    '/api/%6Detrics',
  ])('%s answers 404, from nginx', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const answer = await get(nginx.url, path, method);
      expect({ path, method, status: answer.status }).toEqual({ path, method, status: 404 });
      expect(answer.body).not.toContain('varco_');
    }
  });

  it('still passes the api calls on and serves the pages', async () => {
    expect((await get(nginx.url, '/api/v1/public/typology/COUNTRY')).status).toBe(502);
    expect((await get(nginx.url, '/protected/metrics')).status).toBe(200);
    expect((await get(nginx.url, '/metrics-of-the-week.html')).status).toBe(404);
  });
});
