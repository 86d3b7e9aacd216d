// Measures the release PDF of an invoice (src/modules/documents): one cold render (first use: pdfkit's font data and
// the Intl formatters are loaded), a warm-up, then 200 renders one after the other, alternating Italian and English
// and an invoice with and without a release. Prints one JSON line, then one line for humans. A bench, not a test:
// it never fails, whatever the numbers.
// Usage, from the repository root: npx tsx api/bench/documents.ts [runs]
import { performance } from 'node:perf_hooks';
import type { ServerLanguage } from '@varco/contracts';
import { roundMs, timingSummary } from './timings';
import {
  renderInvoiceReleasePdf,
  type InvoiceReleaseDocument,
  SAMPLE_GRANTED_INVOICE,
  SAMPLE_PENDING_INVOICE,
  SAMPLE_TRAVELER,
} from '../src/modules/documents';

const TARGET_MS = 20;
const WARM_UP = 30;
const RUNS = Math.max(1, Number(process.argv[2]) || 200);

const granted = SAMPLE_GRANTED_INVOICE;
const pending = SAMPLE_PENDING_INVOICE;
const traveler = SAMPLE_TRAVELER;

const cases: Array<[InvoiceReleaseDocument, ServerLanguage]> = [
  [{ invoice: granted, traveler, generatedAt: new Date() }, 'IT'],
  [{ invoice: granted, traveler, generatedAt: new Date() }, 'EN'],
  [{ invoice: pending, traveler, generatedAt: new Date() }, 'IT'],
  [{ invoice: pending, traveler, generatedAt: new Date() }, 'EN'],
];

const round = (ms: number) => roundMs(ms, 2);

async function main() {
  const coldStart = performance.now();
  await renderInvoiceReleasePdf(...cases[0]!);
  const coldMs = performance.now() - coldStart;

  for (let i = 0; i < WARM_UP; i++) await renderInvoiceReleasePdf(...cases[i % cases.length]!);

  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const pdf = await renderInvoiceReleasePdf(...cases[i % cases.length]!);
    times.push(performance.now() - start);
    bytes += pdf.length;
  }
  const wallMs = performance.now() - started;
  const result = {
    bench: 'invoice-release-pdf',
    runs: RUNS,
    warmUp: WARM_UP,
    coldMs: round(coldMs),
    meanMs: round(times.reduce((sum, ms) => sum + ms, 0) / times.length),
    pdfsPerSecond: Math.round((RUNS / wallMs) * 1000),
    averageBytes: Math.round(bytes / RUNS),
    ...timingSummary(times, TARGET_MS, 2),
    node: process.version,
  };
  console.log(JSON.stringify(result));
  console.log(
    `${result.withinTarget ? 'ok  ' : 'MISS'} invoice release PDF: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms ` +
      `(target ≤ ${TARGET_MS} ms), max ${result.maxMs} ms, cold ${result.coldMs} ms, ${result.averageBytes} bytes, ${result.pdfsPerSecond} PDFs/s on one core`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
