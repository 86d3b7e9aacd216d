// `npm run bench --workspace @varco/deploy`: every bench in turn, from the repository root. A failing one does not
// stop the next; the exit code is the first non-zero one. The documents bench (api/bench/documents.ts) runs when present.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const BENCHES = [
  { name: 'bundle size', command: process.execPath, args: ['deploy/bench/bundle-size.mjs'] },
  { name: 'navigation to a remote', command: process.execPath, args: ['deploy/bench/remote-navigation.mjs'] },
  {
    name: 'page load (LCP under the slow-mobile profile, federated vs single bundle, Lighthouse; real api)',
    command: process.execPath,
    args: ['deploy/bench/page-load.mjs'],
  },
  {
    name: 'interaction to next paint (invoice tabs, typing in the visa wizard; CPU 4× slower, real api)',
    command: process.execPath,
    args: ['deploy/bench/interaction.mjs'],
  },
  { name: 'invoices (api on PostgreSQL)', command: process.execPath, args: ['deploy/bench/invoices.mjs'] },
  {
    name: 'polling (notification count + keep-alive, api on PostgreSQL)',
    command: process.execPath,
    args: ['deploy/bench/polling.mjs'],
  },
  {
    name: 'capacity (1 vs 2 api instances behind nginx, PostgreSQL)',
    command: process.execPath,
    args: ['deploy/bench/capacity.mjs'],
  },
  {
    name: 'exit point at a summer peak (10 kiosks, 50 scans/s, 20,000 travelers polling; nginx, PostgreSQL)',
    command: process.execPath,
    args: ['deploy/bench/exit-point-peak.mjs'],
  },
  {
    name: 'documents (release PDF)',
    command: npx,
    args: ['tsx', 'api/bench/documents.ts'],
    requires: 'api/bench/documents.ts',
  },
];

let exitCode = 0;
for (const bench of BENCHES) {
  if (bench.requires && !existsSync(join(root, bench.requires))) {
    console.log(`\n=== ${bench.name}: skipped, ${bench.requires} does not exist`);
    continue;
  }
  console.log(
    `\n=== ${bench.name}: ${[bench.command === process.execPath ? 'node' : bench.command, ...bench.args].join(' ')}`,
  );
  try {
    await run(bench.command, bench.args, { cwd: root });
  } catch (error) {
    console.error(`=== ${bench.name} failed: ${error.message}`);
    exitCode ||= 1;
  }
}
process.exitCode = exitCode;
