import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGE_CASES, caseHeaders, servedFile, writeShellFolder } from './page-cases.mjs';
import { startCdn } from './server.mjs';

const SHELL_PORT = 18_480;
let root;
let cdn;
let api;
let apiUrl;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'varco-cdn-'));
  // A shell build without prerendered pages: every page address gets index.html.
  writeShellFolder(join(root, 'shell'), { pages: false });
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

  it('answers a page address with index.html when the shell has no prerendered pages', async () => {
    const page = await fetch(`${cdn.url}/howto`, { headers: { 'accept-language': 'it-IT' } });
    expect(servedFile(await page.text())).toBe('index.html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-language')).toBeNull();
    expect(page.headers.get('vary')).toMatch(/\bCookie\b/);
  });

  describe('with prerendered pages', () => {
    let pagesRoot;
    let pagesCdn;
    beforeAll(async () => {
      pagesRoot = mkdtempSync(join(tmpdir(), 'varco-cdn-pages-'));
      writeShellFolder(join(pagesRoot, 'shell'));
      pagesCdn = await startCdn({ root: pagesRoot, shellPort: 0, apiUrl, hostname: '127.0.0.1' });
    });
    afterAll(async () => {
      await pagesCdn.close();
      rmSync(pagesRoot, { recursive: true, force: true });
    });

    it.each(PAGE_CASES)('$name: $path → $file', async (request) => {
      const page = await fetch(`${pagesCdn.url}${request.path}`, { headers: caseHeaders(request) });
      expect(page.status).toBe(200);
      expect(servedFile(await page.text())).toBe(request.file);
    });

    it('answers a page revalidated, varying with the cookies and languages, in its language', async () => {
      const page = await fetch(`${pagesCdn.url}/protected/visa/12?lng=it`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('vary')).toMatch(/\bCookie\b.*\bAccept-Language\b/);
      expect(page.headers.get('content-language')).toBe('it');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    });

    it('serves a page file asked for by its name as a file', async () => {
      const file = await fetch(`${pagesCdn.url}/pages/it/frame.html`, { headers: { cookie: 'varco_session=abc' } });
      expect(servedFile(await file.text())).toBe('pages/it/frame.html');
      expect(file.headers.get('content-language')).toBeNull();
      expect(file.headers.get('vary')).not.toMatch(/Cookie/);
    });
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
    expect(await response.json()).toEqual({
      path: '/api/v1/public/typology/COUNTRY?x=1',
      forwardedHost: `127.0.0.1:${SHELL_PORT}`,
    });
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
