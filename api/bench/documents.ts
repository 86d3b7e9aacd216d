// Measures the two PDFs of src/modules/documents, the invoice release and the visa request with its QR code, in each
// of the twelve languages: per language and PDF one cold render (the first in that language: its fonts are read and
// parsed then, the first of all also loads pdfkit and the Intl formatters), a warm-up, then `runs` renders one after
// the other; the size of each PDF; and the memory the fonts take as each script's are loaded. Prints one JSON line
// per language and PDF, then a summary for humans. Besides the wall time of each render it gives the CPU time the
// process spent per render (its own threads, garbage collection included) and the load average: on a shared machine
// the wall times mostly measure the other processes. A bench, not a test: it never fails, whatever the numbers.
// Usage, from the repository root: npx tsx api/bench/documents.ts [runs]
import { generateKeyPairSync } from 'node:crypto';
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { SERVER_LANGUAGES, type ServerLanguage } from '@varco/contracts';
import { roundMs, timingSummary } from './timings';
import {
  loadedFonts,
  renderInvoiceReleasePdf,
  SAMPLE_GRANTED_INVOICE,
  SAMPLE_TRAVELER,
} from '../src/modules/documents';
import { createQrService } from '../src/modules/qr';
import { renderBenchVisaPdf } from './visa';

const TARGET_MS = 50;
const MAX_BYTES = 300 * 1024;
const WARM_UP = 10;
const RUNS = Math.max(1, Number(process.argv[2]) || 100);

const qr = createQrService({ privateKey: generateKeyPairSync('ed25519').privateKey });
const qrPng = qr
  .pngBuffer(qr.issue({ publicId: '0b7e6f2e-3f6c-4c1e-9a55-1e2f3a4b5c6d', issuedAt: new Date() }))
  .toString('base64');

const documents: Array<[name: string, render: (language: ServerLanguage) => Promise<Buffer>]> = [
  [
    'invoice-release-pdf',
    (language) =>
      renderInvoiceReleasePdf(
        { invoice: SAMPLE_GRANTED_INVOICE, traveler: SAMPLE_TRAVELER, generatedAt: new Date() },
        language,
      ),
  ],
  ['visa-pdf', (language) => renderBenchVisaPdf(qrPng, language)],
];

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** The memory now, after a collection when node runs with --expose-gc. */
function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rssMb: mb(rss), heapMb: mb(heapUsed), externalMb: mb(external) };
}

async function main() {
  const atStart = memory();
  const results = [];
  for (const language of SERVER_LANGUAGES) {
    const fontsBefore = loadedFonts().length;
    for (const [name, render] of documents) {
      const coldStart = performance.now();
      await render(language);
      const coldMs = performance.now() - coldStart;
      for (let i = 0; i < WARM_UP; i++) await render(language);
      const times: number[] = [];
      let bytes = 0;
      const cpuStart = process.cpuUsage();
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const pdf = await render(language);
        times.push(performance.now() - start);
        bytes = Math.max(bytes, pdf.length);
      }
      const cpu = process.cpuUsage(cpuStart);
      const result = {
        bench: name,
        language,
        runs: RUNS,
        coldMs: roundMs(coldMs, 1),
        ...timingSummary(times, TARGET_MS, 2),
        cpuMsPerPdf: roundMs((cpu.user + cpu.system) / 1000 / RUNS, 2),
        load: roundMs(loadavg()[0]!, 1),
        kb: Math.round((bytes / 1024) * 10) / 10,
        withinSize: bytes <= MAX_BYTES,
        node: process.version,
      };
      results.push(result);
      console.log(JSON.stringify(result));
    }
    const loaded = loadedFonts().slice(fontsBefore);
    if (loaded.length > 0) {
      const fileMb = mb(loaded.reduce((sum, font) => sum + statSync(font.file).size, 0));
      console.log(JSON.stringify({ fontsLoaded: loaded.map((face) => face.key), language, fileMb, memory: memory() }));
    }
  }
  const atEnd = memory();
  console.log(JSON.stringify({ memory: { atStart, atEnd }, fonts: loadedFonts().map((font) => font.key) }));

  console.log(`\n${RUNS} renders per language and PDF, target p99 ≤ ${TARGET_MS} ms and ≤ ${MAX_BYTES / 1024} KB`);
  console.log('     language PDF                  p50 ms  p95 ms  p99 ms  max ms cold ms  CPU ms     KB  load');
  for (const r of results) {
    const mark = r.withinTarget && r.withinSize ? 'ok  ' : 'MISS';
    const figures = [r.p50Ms, r.p95Ms, r.p99Ms, r.maxMs, r.coldMs, r.cpuMsPerPdf, r.kb, r.load];
    console.log(
      `${mark} ${r.language.padEnd(8)} ${r.bench.padEnd(20)} ${figures.map((n) => String(n).padStart(7)).join(' ')}`,
    );
  }
  console.log(
    `memory: at start rss ${atStart.rssMb} MB (external ${atStart.externalMb} MB), with every font loaded rss ` +
      `${atEnd.rssMb} MB (external ${atEnd.externalMb} MB)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
