// Measures what a traveler's browser downloads: the gzipped JavaScript of a first visit of / and of /protected
// with its widgets, against the targets, and that no library arrives twice; it also prints the stylesheets (gzipped)
// and the web fonts (woff2, already compressed) of the same visit, which have no target of their own.
// Needs `npm run build` first.
// Usage: node deploy/bench/bundle-size.mjs        (exit code 1 when a target is missed; BENCH_SHELL_PORT moves the
//        local CDN, 18080 and the four ports after it by default)
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
const cdn = await startCdn({ shellPort: Number(process.env.BENCH_SHELL_PORT ?? 18_080), apiUrl: `http://127.0.0.1:${api.address().port}` });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

async function measure(path, signedIn) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addInitScript(() => localStorage.setItem('varco-session', JSON.stringify({ state: { user: { numeroDocumento: 'BENCH1', nome: 'Bench', cognome: 'User' } }, version: 0 })));
  }
  const page = await context.newPage();
  const files = [];
  page.on('response', (response) => {
    const kind = /\.(js|css|woff2)$/.exec(new URL(response.url()).pathname)?.[1];
    if (kind) files.push(response.body().then((body) => ({ kind, url: response.url(), body, gzip: gzipSync(body, { level: 9 }).length })));
  });
  await page.goto(`${cdn.url}${path}`, { waitUntil: 'networkidle' });
  const downloaded = await Promise.all(files);
  await context.close();
  return downloaded;
}

const kilobytes = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

let failed = false;
const report = [];
for (const [path, signedIn] of [['/', false], ['/protected', true]]) {
  const downloaded = await measure(path, signedIn);
  const files = downloaded.filter((file) => file.kind === 'js');
  const totalKb = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  // react-dom's export list survives minification: it must be in exactly one file.
  const reactDomCopies = files.filter((file) => file.body.includes('unstable_renderSubtreeIntoContainer')).length;
  const ok = totalKb <= TARGETS[path] && reactDomCopies === 1;
  failed ||= !ok;
  report.push(`${ok ? 'ok  ' : 'MISS'} ${path.padEnd(11)} ${totalKb.toFixed(1).padStart(6)} KB gzipped JS in ${String(files.length).padStart(2)} files (target ≤ ${TARGETS[path]} KB), react-dom copies: ${reactDomCopies}`);
  for (const file of files.sort((a, b) => b.gzip - a.gzip).slice(0, 6)) report.push(`       ${kilobytes(file.gzip)} KB  ${file.url}`);
  const styles = downloaded.filter((file) => file.kind === 'css');
  const fonts = downloaded.filter((file) => file.kind === 'woff2');
  report.push(`     ${''.padEnd(11)} ${kilobytes(styles.reduce((sum, file) => sum + file.gzip, 0))} KB gzipped CSS in ${String(styles.length).padStart(2)} files`);
  report.push(`     ${''.padEnd(11)} ${kilobytes(fonts.reduce((sum, file) => sum + file.body.length, 0))} KB of fonts in ${String(fonts.length).padStart(2)} files`);
  for (const file of fonts.sort((a, b) => b.body.length - a.body.length)) report.push(`       ${kilobytes(file.body.length)} KB  ${file.url}`);
}
console.log(report.join('\n'));
await browser.close();
await cdn.close();
api.close();
process.exit(failed ? 1 : 0);
