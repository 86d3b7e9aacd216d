// Measures what a traveler's browser downloads: the gzipped JavaScript of a first visit of / and of /protected
// with its widgets, against the targets, and that no library arrives twice. Needs `npm run build` first.
// Usage: node deploy/bench/bundle-size.mjs        (exit code 1 when a target is missed)
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';
import { startCdn } from '../local-cdn/server.mjs';

const TARGETS = { '/': 150, '/protected': 250 };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A stand-in api that answers every call with an empty success, so that widgets render and nothing else loads.
const api = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(req.url.includes('/count') ? '{"counter":0}' : '{}');
});
await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
const cdn = await startCdn({ shellPort: 18_080, apiUrl: `http://127.0.0.1:${api.address().port}` });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

async function measure(path, signedIn) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addInitScript(() => localStorage.setItem('varco-session', JSON.stringify({ state: { user: { numeroDocumento: 'BENCH1', nome: 'Bench', cognome: 'User' } }, version: 0 })));
  }
  const page = await context.newPage();
  const files = [];
  page.on('response', (response) => {
    if (/\.js$/.test(new URL(response.url()).pathname)) files.push(response.body().then((body) => ({ url: response.url(), body, gzip: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(`${cdn.url}${path}`, { waitUntil: 'networkidle' });
  const downloaded = await Promise.all(files);
  await context.close();
  return downloaded;
}

let failed = false;
const report = [];
for (const [path, signedIn] of [['/', false], ['/protected', true]]) {
  const files = await measure(path, signedIn);
  const totalKb = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  // react-dom's export list survives minification: it must be in exactly one file.
  const reactDomCopies = files.filter((file) => file.body.includes('unstable_renderSubtreeIntoContainer')).length;
  const ok = totalKb <= TARGETS[path] && reactDomCopies === 1;
  failed ||= !ok;
  report.push(`${ok ? 'ok  ' : 'MISS'} ${path.padEnd(11)} ${totalKb.toFixed(1).padStart(6)} KB gzipped JS in ${String(files.length).padStart(2)} files (target ≤ ${TARGETS[path]} KB), react-dom copies: ${reactDomCopies}`);
  for (const file of files.sort((a, b) => b.gzip - a.gzip).slice(0, 6)) report.push(`       ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.url}`);
}
console.log(report.join('\n'));
await browser.close();
await cdn.close();
api.close();
process.exit(failed ? 1 : 0);
