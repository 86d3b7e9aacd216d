// The rendered configuration in a real nginx (local.mjs; scripts/ensure-nginx.sh installs it): the prerendered page it
// chooses for each case of the local CDN's table, and the headers of a page answer.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench/lib/processes.mjs';
import { PAGE_CASES, caseHeaders, servedFile, writeShellFolder } from '../local-cdn/page-cases.mjs';
import { startNginx } from './local.mjs';

// No api behind it: these tests ask for pages and files only.
const NO_API = ['127.0.0.1:9'];

/** nginx over a CDN tree holding only a shell folder; its workers (`nobody` under root) must read the tree. */
async function nginxOver({ pages }) {
  const root = mkdtempSync(join(tmpdir(), 'varco-nginx-pages-'));
  chmodSync(root, 0o755);
  writeShellFolder(join(root, 'shell'), { pages });
  const nginx = await startNginx({
    upstreams: NO_API,
    portalPort: await freePort(),
    cdnPort: await freePort(),
    hostname: '127.0.0.1',
    root,
  });
  return {
    url: nginx.url,
    async close() {
      await nginx.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function expectSecurityHeaders(answer) {
  expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('nginx: the prerendered page for a page address', () => {
  let nginx;
  beforeAll(async () => {
    nginx = await nginxOver({ pages: true });
  });
  afterAll(() => nginx?.close());

  it.each(PAGE_CASES)('$name: $path → $file', async (request) => {
    const page = await fetch(`${nginx.url}${request.path}`, { headers: caseHeaders(request) });
    expect(page.status).toBe(200);
    expect(servedFile(await page.text())).toBe(request.file);
  });

  it('answers a page revalidated, varying with the cookies and languages, in its language, with the security headers', async () => {
    const page = await fetch(`${nginx.url}/protected/visa/12`, { headers: { cookie: 'i18next=it_IT' } });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toBe('Cookie, Accept-Language');
    expect(page.headers.get('content-language')).toBe('it');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(page);
  });

  it('serves a page file asked for by its name as a file', async () => {
    const file = await fetch(`${nginx.url}/pages/it/frame.html`, { headers: { cookie: 'varco_session=abc' } });
    expect(servedFile(await file.text())).toBe('pages/it/frame.html');
    expect(file.headers.get('content-language')).toBeNull();
    expect(file.headers.get('vary')).toBeNull();
    expectSecurityHeaders(file);
  });
});

describe('nginx: a shell build without prerendered pages', () => {
  let nginx;
  beforeAll(async () => {
    nginx = await nginxOver({ pages: false });
  });
  afterAll(() => nginx?.close());

  it.each(['/', '/howto', '/protected/visa/12'])('answers %s with index.html, as before', async (path) => {
    const page = await fetch(`${nginx.url}${path}`, {
      headers: { cookie: 'varco_session=abc', 'accept-language': 'it-IT' },
    });
    expect(page.status).toBe(200);
    expect(servedFile(await page.text())).toBe('index.html');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-language')).toBeNull();
    expect(page.headers.get('vary')).toBe('Cookie, Accept-Language');
    expectSecurityHeaders(page);
  });
});
