// Measures what a traveler on a weak airport connection waits for: the LCP of the first screens, cold and repeat,
// federated and as one bundle, and Lighthouse (docs/benches.md). Usage: node deploy/bench/page-load.mjs [--runs 3]
// [--json FILE] [--no-single-bundle] [--no-lighthouse], after `npm run build` (deploy/bench/README.md).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDir } from './lib/bench-database.mjs';
import { writeReport } from './lib/bench-run.mjs';
import { firstVisitFiles, launchChromium, newBrowserContext, sumOf } from './lib/front-end.mjs';
import { audit } from './lib/lighthouse.mjs';
import { machineInfo, table } from './lib/load.mjs';
import { kb, throttleServiceWorkers, visit } from './lib/page-visit.mjs';
import { freePort } from './lib/processes.mjs';
import { startPortalsWithApi } from './lib/signed-in-portal.mjs';
import { buildSingleBundle } from './single-bundle/build.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    json: { type: 'string', default: join(benchDir, 'results', 'page-load.json') },
    'no-single-bundle': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
/** Replaced by the address of the demo traveler's latest visa request once signed in. */
const LATEST_VISA = '/protected/visa/{latest}';
// The standing targets with React in the browser and the shared libraries whole (deploy/bench/README.md).
const PAGES = [
  { path: '/', signedIn: false, coldMs: 1000, jsKb: 140 },
  { path: '/protected', signedIn: true, coldMs: 2000, jsKb: 210 },
  // The visa with its QR opened by its address (a reload at the gate): measured, no target of its own.
  { path: LATEST_VISA, signedIn: true },
];
const REPEAT_MS = 1000;
const RATIO = 1.1;
const LIGHTHOUSE = { performance: 98, accessibility: 100, 'best-practices': 100 };

const log = (line) => console.log(`[page-load] ${line}`);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const loadAtStart = loadavg()[0];

const roots = { federated: undefined };
if (!values['no-single-bundle']) {
  log('building the single bundle (no federation)');
  roots.single = await buildSingleBundle();
}
const portal = await startPortalsWithApi(roots, { log });
const debugPort = await freePort();
const browser = await launchChromium([`--remote-debugging-port=${debugPort}`]);

const newContext = (state) =>
  state
    ? browser.newContext({ locale: 'en-US', storageState: state })
    : newBrowserContext(browser, { signedIn: false });

/**
 * The gzipped JS of a first visit, as the bundle bench counts it (without what the shell preloads once idle): on
 * loopback, where that preload comes after the page is idle; under the slow profile its timeout may fire before.
 */
async function visitBytes(url, page, state) {
  const context = await newContext(state);
  try {
    const files = (await firstVisitFiles(context, `${url}${page.path}`)).filter(
      (file) => file.kind === 'js' && !file.preloaded,
    );
    return { visitJsKb: kb(sumOf(files)), visitJsFiles: files.length };
  } finally {
    await context.close();
  }
}

/** One cold visit of `page` and its repeat in the same context, on the portal `url`. */
async function coldAndRepeat(url, page, state) {
  const context = await newContext(state);
  try {
    const cold = await visit(context, `${url}${page.path}`, { files: true });
    // The worker registers once the page has loaded (shell/src/offline/service-worker-registration.ts).
    const ready = await context.newPage();
    await ready.goto(`${url}/config.json`);
    await ready.evaluate(() =>
      navigator.serviceWorker
        .getRegistration('/')
        .then(
          (registration) =>
            registration?.active ?? new Promise((resolve) => navigator.serviceWorker.ready.then(resolve)),
        ),
    );
    await ready.close();
    const workers = await throttleServiceWorkers(debugPort, url);
    try {
      const repeat = await visit(context, `${url}${page.path}`);
      return { cold, repeat: { ...repeat, throttledWorkers: workers.count } };
    } finally {
      workers.release();
    }
  } finally {
    await context.close();
  }
}

/** The address of the demo traveler's latest visa request (the same data behind every portal of the run). */
async function latestVisaPath(url, state) {
  const context = await browser.newContext({ locale: 'en-US', storageState: state });
  try {
    const answer = await context.request.get(`${url}/api/v1/private/visa/list?page=0&limit=1&language=EN`);
    const { requests } = await answer.json();
    return `/protected/visa/${requests[0].idRichiesta}`;
  } finally {
    await context.close();
  }
}

const measured = [];
let audits = [];
try {
  const states = {};
  for (const name of Object.keys(roots)) states[name] = await portal.signedIn(browser, name);
  const latestVisa = await latestVisaPath(portal.portals.federated, states.federated);
  for (const { path, ...rest } of PAGES) {
    const page = { ...rest, path: path === LATEST_VISA ? latestVisa : path };
    for (const [build, url] of Object.entries(portal.portals)) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await coldAndRepeat(url, page, page.signedIn ? states[build] : undefined));
        log(
          `${build} ${page.path} run ${run + 1}: cold ${runs.at(-1).cold.lcpMs} ms, repeat ${runs.at(-1).repeat.lcpMs} ms`,
        );
      }
      const pick = (visitName, key) => median(runs.map((one) => one[visitName][key]));
      measured.push({
        build,
        page: page.path,
        ...(await visitBytes(url, page, page.signedIn ? states[build] : undefined)),
        coldLcpMs: pick('cold', 'lcpMs'),
        repeatLcpMs: pick('repeat', 'lcpMs'),
        repeatControlled: runs.every((one) => one.repeat.controlled),
        criticalRequests: pick('cold', 'criticalRequests'),
        criticalJsKb: pick('cold', 'criticalJsKb'),
        criticalFonts: pick('cold', 'criticalFonts'),
        criticalFontKb: pick('cold', 'criticalFontKb'),
        preloadBeforeLcp: runs.filter((one) => one.cold.preloadBeforeLcp).length,
        requests: pick('cold', 'requests'),
        lcpElement: runs[0].cold.lcpElement,
        runs,
      });
    }
  }
  if (!values['no-lighthouse']) {
    log('Lighthouse (mobile, simulated throttling) on the federated portal');
    const url = portal.portals.federated;
    audits = await audit([
      { name: '/', url: `${url}/` },
      { name: '/sign-in', url: `${url}/sign-in` },
      { name: '/protected', url: `${url}/protected`, state: states.federated },
    ]);
  }
} finally {
  await browser.close();
  await portal.close();
}

// Verdicts.
const verdicts = [];
const check = (what, value, target, ok) => {
  verdicts.push({ what, value, target, met: ok });
};
for (const page of PAGES.filter((one) => one.coldMs !== undefined)) {
  const federated = measured.find((row) => row.build === 'federated' && row.page === page.path);
  check(
    `${page.path} LCP cold`,
    `${federated.coldLcpMs} ms`,
    `≤ ${page.coldMs} ms`,
    federated.coldLcpMs <= page.coldMs,
  );
  check(
    `${page.path} LCP repeat`,
    `${federated.repeatLcpMs} ms`,
    `≤ ${REPEAT_MS} ms`,
    federated.repeatLcpMs <= REPEAT_MS && federated.repeatControlled,
  );
  check(
    `${page.path} gzipped JS of the visit`,
    `${federated.visitJsKb} KB`,
    `≤ ${page.jsKb} KB`,
    federated.visitJsKb <= page.jsKb,
  );
  const single = measured.find((row) => row.build === 'single' && row.page === page.path);
  if (single) {
    const lcpRatio = Math.round((federated.coldLcpMs / single.coldLcpMs) * 100) / 100;
    const bytesRatio = Math.round((federated.visitJsKb / single.visitJsKb) * 100) / 100;
    check(`${page.path} federated / single LCP (cold)`, `${lcpRatio}×`, `≤ ${RATIO}×`, lcpRatio <= RATIO);
    check(`${page.path} federated / single JS bytes`, `${bytesRatio}×`, `≤ ${RATIO}×`, bytesRatio <= RATIO);
  }
}
for (const result of audits) {
  for (const [category, minimum] of Object.entries(LIGHTHOUSE))
    check(
      `Lighthouse ${result.name} ${category}`,
      String(result.scores[category]),
      `≥ ${minimum}`,
      result.scores[category] >= minimum,
    );
}

const machine = { ...machineInfo(), loadAverage1mAtStart: Math.round(loadAtStart * 100) / 100 };
console.log(
  `\nPage load under the slow-mobile profile (median of ${RUNS}; ${machine.cpu}, ${cpus().length} cores, Node ${process.version}, load ${machine.loadAverage1mAtStart} → ${machine.loadAverage1m})`,
);
console.log(
  table(measured, [
    ['page', 'page'],
    ['build', 'build'],
    ['coldLcpMs', 'LCP cold ms'],
    ['repeatLcpMs', 'LCP repeat ms'],
    ['repeatControlled', 'sw controls'],
    ['criticalRequests', 'requests ≤ LCP'],
    ['criticalJsKb', 'JS KB ≤ LCP'],
    ['criticalFonts', 'fonts ≤ LCP'],
    ['criticalFontKb', 'font KB ≤ LCP'],
    ['preloadBeforeLcp', 'idle preload < LCP (runs)'],
    ['visitJsKb', 'JS KB visit'],
    ['visitJsFiles', 'JS files'],
    ['requests', 'requests'],
  ]),
);
for (const row of measured) console.log(`  LCP element of ${row.page} (${row.build}): ${row.lcpElement}`);
if (audits.length) {
  console.log('\nLighthouse (mobile, simulated throttling), federated portal: the audit of median performance of 3');
  console.log(
    table(
      audits.map((result) => ({ ...result, ...result.scores, runs: result.performanceRuns.join(' / ') })),
      [
        ['name', 'page'],
        ['finalUrl', 'audited'],
        ['performance', 'performance'],
        ['runs', 'performance (runs)'],
        ['accessibility', 'accessibility'],
        ['best-practices', 'best practices'],
        ['lcpMs', 'LCP ms'],
        ['tbtMs', 'TBT ms'],
      ],
    ),
  );
  for (const result of audits)
    console.log(
      `  failing audits of ${result.name}: ${result.failing.map((audit) => (audit.value ? `${audit.id} (${audit.value})` : audit.id)).join(', ') || 'none'}`,
    );
}
console.log('\nTargets');
console.log(
  table(
    verdicts.map((row) => ({ ...row, met: row.met ? 'met' : 'MISSED' })),
    [
      ['what', 'what'],
      ['value', 'measured'],
      ['target', 'target'],
      ['met', ''],
    ],
  ),
);
writeReport(
  values.json,
  {
    measuredAt: new Date().toISOString(),
    machine,
    runs: RUNS,
    profile: 'slow mobile: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4×',
    pages: measured,
    lighthouse: audits,
    verdicts,
  },
  log,
);
process.exitCode = verdicts.every((row) => row.met) ? 0 : 1;
