// Measures the gzipped JavaScript of a first visit of / and of /protected against its targets (docs/benches.md).
// Usage: node deploy/bench/bundle-size.mjs [--all], after `npm run build` (deploy/bench/README.md).
import { firstVisitFiles, launchChromium, newBrowserContext, startPortal } from './lib/front-end.mjs';

/** The standing targets with React in the browser and the shared libraries whole (deploy/bench/README.md). */
const TARGETS = { '/': 140, '/protected': 210 };
const LISTED = process.argv.includes('--all') ? Infinity : 6;

// BENCH_CDN_ROOT measures another CDN tree (one built from an earlier commit) instead of deploy/dist/cdn.
const portal = await startPortal({
  root: process.env.BENCH_CDN_ROOT,
  shellPort: Number(process.env.BENCH_SHELL_PORT ?? 18_080),
});
const browser = await launchChromium();

/** What the visit downloads, each file flagged when it was asked for by the preload that starts once the page is idle. */
async function measure(path, signedIn) {
  const context = await newBrowserContext(browser, { signedIn });
  const downloaded = await firstVisitFiles(context, `${portal.url}${path}`);
  await context.close();
  return downloaded;
}

const kilobytes = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

let failed = false;
const report = [];
for (const [path, signedIn] of [
  ['/', false],
  ['/protected', true],
]) {
  const everything = await measure(path, signedIn);
  // The budget is the visit itself; what the shell preloads once the page is idle is reported apart.
  const downloaded = everything.filter((file) => !file.preloaded);
  const preloaded = everything.filter((file) => file.preloaded && file.kind === 'js');
  const files = downloaded.filter((file) => file.kind === 'js');
  const totalKb = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  // react-dom's export list survives minification: it must be in exactly one file.
  const reactDomCopies = files.filter((file) => file.body.includes('unmountComponentAtNode')).length;
  const ok = totalKb <= TARGETS[path] && reactDomCopies === 1;
  failed ||= !ok;
  report.push(
    `${ok ? 'ok  ' : 'MISS'} ${path.padEnd(11)} ${totalKb.toFixed(1).padStart(6)} KB gzipped JS in ${String(files.length).padStart(2)} files (target ≤ ${TARGETS[path]} KB), react-dom copies: ${reactDomCopies}`,
  );
  for (const file of files.sort((a, b) => b.gzip - a.gzip).slice(0, LISTED))
    report.push(`       ${kilobytes(file.gzip)} KB  ${file.url}`);
  report.push(
    `     ${''.padEnd(11)} ${kilobytes(preloaded.reduce((sum, file) => sum + file.gzip, 0))} KB gzipped JS in ${String(preloaded.length).padStart(2)} files preloaded once idle (not in the target)`,
  );
  const styles = downloaded.filter((file) => file.kind === 'css');
  const fonts = downloaded.filter((file) => file.kind === 'woff2');
  report.push(
    `     ${''.padEnd(11)} ${kilobytes(styles.reduce((sum, file) => sum + file.gzip, 0))} KB gzipped CSS in ${String(styles.length).padStart(2)} files`,
  );
  report.push(
    `     ${''.padEnd(11)} ${kilobytes(fonts.reduce((sum, file) => sum + file.body.length, 0))} KB of fonts in ${String(fonts.length).padStart(2)} files`,
  );
  for (const file of fonts.sort((a, b) => b.body.length - a.body.length))
    report.push(`       ${kilobytes(file.body.length)} KB  ${file.url}`);
}
console.log(report.join('\n'));
await browser.close();
await portal.close();
process.exit(failed ? 1 : 0);
