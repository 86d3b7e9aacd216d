import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCdn } from './server.mjs';

const SHELL_PORT = 18_480;
let root;
let cdn;
let api;
let apiUrl;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'varco-cdn-'));
  mkdirSync(join(root, 'shell'), { recursive: true });
  writeFileSync(join(root, 'shell', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'shell', 'main.js'), 'console.log(1)');
  for (const folder of ['mf-auth', 'mf-invoices', 'mf-visa', 'mf-notifications']) {
    mkdirSync(join(root, folder, '0.1.0'), { recursive: true });
    writeFileSync(join(root, folder, '0.1.0', 'mf-manifest.json'), '{}');
    writeFileSync(join(root, folder, '0.1.0', '385.03c459fcb4.js'), 'chunk');
  }
  api = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, forwardedHost: req.headers['x-forwarded-host'] }));
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${api.address().port}`;
  cdn = await startCdn({ root, shellPort: SHELL_PORT, apiUrl, hostname: '127.0.0.1' });
});

afterAll(async () => {
  await cdn.close();
  await new Promise((resolve) => api.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('local CDN', () => {
  it('serves the runtime configuration with every remote on its own origin, never cached', async () => {
    const response = await fetch(`${cdn.url}/config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const config = await response.json();
    expect(config.apiBaseUrl).toBe('/api');
    expect(config.remotes.mfVisa).toBe(`http://127.0.0.1:${SHELL_PORT + 3}/mf-visa/0.1.0/mf-manifest.json`);
  });

  it('answers page addresses with the single-page app and missing files with 404', async () => {
    const page = await fetch(`${cdn.url}/protected/visa/12`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    expect((await fetch(`${cdn.url}/missing.js`)).status).toBe(404);
  });

  it('serves a remote with CORS, hashed chunks immutable and its manifest revalidated', async () => {
    const chunk = await fetch(`${cdn.origins.mfVisa}/mf-visa/0.1.0/385.03c459fcb4.js`);
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const manifest = await fetch(`${cdn.origins.mfVisa}/mf-visa/0.1.0/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
  });

  it('passes /api to the api', async () => {
    const response = await fetch(`${cdn.url}/api/v1/public/typology/COUNTRY?x=1`);
    expect(await response.json()).toEqual({ path: '/api/v1/public/typology/COUNTRY?x=1', forwardedHost: `127.0.0.1:${SHELL_PORT}` });
  });

  it('stops one origin while the others keep serving', async () => {
    await cdn.stop('mfNotifications');
    await expect(fetch(`${cdn.origins.mfNotifications}/mf-notifications/0.1.0/mf-manifest.json`)).rejects.toThrow();
    expect((await fetch(`${cdn.origins.mfAuth}/mf-auth/0.1.0/mf-manifest.json`)).status).toBe(200);
  });

  it('on port 0 takes free ports for every origin, and its configuration names the ones it got', async () => {
    const free = await startCdn({ root, shellPort: 0, apiUrl, hostname: '127.0.0.1' });
    try {
      const ports = Object.values(free.origins).map((origin) => Number(new URL(origin).port));
      expect(new Set(ports).size).toBe(5);
      expect(ports).not.toContain(0);
      const config = await (await fetch(`${free.url}/config.json`)).json();
      expect(config.remotes.mfVisa).toBe(`${free.origins.mfVisa}/mf-visa/0.1.0/mf-manifest.json`);
      expect((await fetch(config.remotes.mfVisa)).status).toBe(200);
    } finally {
      await free.close();
    }
  });
});
