// Measures the visa QR code (src/modules/qr) and the visa request PDF (src/modules/documents/visa-pdf.ts): signing a
// token, verifying it, drawing its PNG, and rendering the PDF with that PNG. One cold run of each, a warm-up, then
// `runs` timed runs one after the other. Prints one JSON line per case, then one line for humans. A bench, not a
// test: it never fails, whatever the numbers.
// Usage, from the repository root: npx tsx api/bench/qr.ts [runs]
import { generateKeyPairSync } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createQrService } from '../src/modules/qr';
import { roundMs, timingSummary } from './timings';
import { renderBenchVisaPdf } from './visa';

const TARGET_MS = 20;
/** The PDFs' budget: embedded fonts make a render cost more than a QR code (per language in documents.ts). */
const PDF_TARGET_MS = 50;
const WARM_UP = 30;
const RUNS = Math.max(1, Number(process.argv[2]) || 500);

const qr = createQrService({ privateKey: generateKeyPairSync('ed25519').privateKey });
const claims = (i: number) => ({
  publicId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d',
  travelerId: 1000 + i,
  issuedAt: new Date(Date.now() - i * 1000),
});
const token = qr.issue(claims(0));
const png = qr.pngBuffer(token).toString('base64');

const cases: Array<[name: string, run: (i: number) => unknown, targetMs?: number]> = [
  ['qr-issue', (i) => qr.issue(claims(i))],
  ['qr-verify', () => qr.verify(token)],
  ['qr-png', (i) => qr.png(qr.issue(claims(i)))],
  ['visa-pdf', (i) => renderBenchVisaPdf(png, i % 2 ? 'IT' : 'EN'), PDF_TARGET_MS],
];

async function main() {
  for (const [name, run, targetMs = TARGET_MS] of cases) {
    const coldStart = performance.now();
    await run(0);
    const coldMs = performance.now() - coldStart;
    for (let i = 0; i < WARM_UP; i++) await run(i);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await run(i);
      times.push(performance.now() - start);
    }
    const result = {
      bench: name,
      runs: RUNS,
      coldMs: roundMs(coldMs, 3),
      ...timingSummary(times, targetMs, 3),
      node: process.version,
    };
    console.log(JSON.stringify(result));
    console.log(
      `${result.withinTarget ? 'ok  ' : 'MISS'} ${name}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms (target ≤ ${targetMs} ms), cold ${result.coldMs} ms`,
    );
  }
  console.log(`token: ${token.length} characters; PNG: ${Buffer.from(png, 'base64').length} bytes`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
