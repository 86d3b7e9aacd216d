// Measures the first navigation to a remote, from the click to its first screen (docs/benches.md). Usage:
// node deploy/bench/remote-navigation.mjs [--before <CDN tree>] [--runs 7] [--json <file>] (deploy/bench/README.md).
import { cpus } from 'node:os';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchChromium, newBrowserContext, settle, SLOW_MOBILE, startPortal } from './lib/front-end.mjs';

const { values } = parseArgs({
  options: { before: { type: 'string' }, runs: { type: 'string', default: '7' }, json: { type: 'string' } },
});
const RUNS = Number(values.runs);
const NETWORKS = {
  loopback: undefined,
  mobile: SLOW_MOBILE.network,
};
const JOURNEYS = [
  {
    name: '/ → /sign-in (mf-auth)',
    start: '/',
    signedIn: false,
    link: { name: 'Sign in', exact: true },
    screen: '[data-testid="sign-in-form"]',
  },
  {
    name: '/protected → /protected/invoice (mf-invoices)',
    start: '/protected',
    signedIn: true,
    link: { name: 'All invoices', exact: true },
    screen: 'main h1',
  },
];

/** Milliseconds from the click on the link to the remote's first screen being in the page, measured in the page. */
async function navigate(browser, url, journey, network) {
  const context = await newBrowserContext(browser, { signedIn: journey.signedIn });
  const page = await context.newPage();
  if (network) await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', network);
  await page.goto(`${url}${journey.start}`, { waitUntil: 'networkidle' });
  await settle(page);
  const link = page.getByRole('link', journey.link).first();
  await page.evaluate(() =>
    document.addEventListener('click', () => (window.__clickedAt = performance.now()), { capture: true, once: true }),
  );
  await link.click();
  const handle = await page.waitForFunction(
    ({ screen, path }) =>
      location.pathname.startsWith(path) &&
      document.querySelector(screen) &&
      !document.querySelector('[data-testid="remote-unavailable"]')
        ? performance.now() - window.__clickedAt
        : false,
    { screen: journey.screen, path: new URL(await link.getAttribute('href'), url).pathname },
    { polling: 'raf', timeout: 30_000 },
  );
  const elapsed = await handle.jsonValue();
  await context.close();
  return elapsed;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function measureTree(label, root, shellPort) {
  const portal = await startPortal({ root, shellPort });
  const browser = await launchChromium();
  const results = [];
  try {
    for (const [networkName, network] of Object.entries(NETWORKS)) {
      for (const journey of JOURNEYS) {
        const times = [];
        for (let run = 0; run < RUNS; run += 1) times.push(await navigate(browser, portal.url, journey, network));
        results.push({
          build: label,
          network: networkName,
          journey: journey.name,
          medianMs: Math.round(median(times)),
          runsMs: times.map(Math.round),
        });
      }
    }
  } finally {
    await browser.close();
    await portal.close();
  }
  return results;
}

const port = Number(process.env.BENCH_SHELL_PORT ?? 18_180);
const results = [
  ...(values.before ? await measureTree('before', values.before, port) : []),
  ...(await measureTree(values.before ? 'after' : 'current', undefined, port)),
];
const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `Navigation to a remote's first screen (median of ${RUNS}; ${cpu}, ${cpus().length} cores, Node ${process.version})`,
);
for (const row of results)
  console.log(
    `  ${row.build.padEnd(7)} ${row.network.padEnd(8)} ${row.journey.padEnd(46)} ${String(row.medianMs).padStart(6)} ms   runs: ${row.runsMs.join(' ')}`,
  );
if (values.json)
  writeFileSync(
    values.json,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), cpu, cores: cpus().length, node: process.version, runs: RUNS, results }, null, 2)}\n`,
  );
