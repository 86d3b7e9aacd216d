import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { hashTree } from '../support/remote-release';

// No build of one app reads another app's sources: each app, built in a copy of the repository from which the other
// apps' folders have been removed, gives the very files it gave in the same copy with all of them there. The same
// place both times: the federation's generated entry names the build's absolute paths.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const APPS = ['shell', 'mf-auth', 'mf-invoices', 'mf-visa', 'mf-notifications'];
/** What no build reads: the history, the local data, the test results. */
const LEFT_OUT = new Set(['.git', '.data', '.test-results', 'e2e']);
/** The remote's stats list its modules in the order the build met them, which varies from one build to the next. */
const UNORDERED = ['mf-manifest-stats.json'];
/** The name the unused-CSS pass gives its input in a stylesheet's source map: random in every build. */
const RANDOM_CSS_INPUT = /%3Cinput%20css%20[\w-]+%3E/g;

/**
 * A copy of the repository beside it, in hard links (on the same disk: nothing is copied), without any build output
 * or generated federation entry, so that a build writes new files only and never into the repository's.
 */
function copyOfRepository(): string {
  const copy = mkdtempSync(join(repoRoot, '.build-alone-'));
  for (const entry of readdirSync(repoRoot)) {
    if (LEFT_OUT.has(entry) || entry.startsWith('.build-alone-')) continue;
    execFileSync('cp', ['-al', join(repoRoot, entry), join(copy, entry)]);
  }
  for (const app of APPS)
    for (const generated of ['dist', 'node_modules/.federation'])
      rmSync(join(copy, app, generated), { recursive: true, force: true });
  rmSync(join(copy, 'deploy', 'dist'), { recursive: true, force: true });
  return copy;
}

function build(appDir: string): Record<string, string> {
  execFileSync(process.execPath, [join(appDir, '..', 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'pipe',
  });
  const dist = join(appDir, 'dist');
  const files = hashTree(dist);
  for (const name of UNORDERED) delete files[name];
  for (const name of Object.keys(files).filter((file) => file.endsWith('.css.map')))
    files[name] = readFileSync(join(dist, name), 'utf8').replace(RANDOM_CSS_INPUT, '<input css>');
  rmSync(join(appDir, 'dist'), { recursive: true, force: true });
  return files;
}

// Each app in a copy of its own: the five may take five workers.
test.describe.configure({ mode: 'parallel' });

for (const app of APPS) {
  test(`${app} builds the same with the other apps' folders absent`, async () => {
    // Two production builds of the app (the shell's with its pages rendered in every language): up to a minute and a
    // half each on a slower machine of this kind with every worker busy.
    test.setTimeout(240_000);
    const copy = copyOfRepository();
    try {
      const withAll = build(join(copy, app));
      for (const other of APPS) if (other !== app) rmSync(join(copy, other), { recursive: true, force: true });
      expect(build(join(copy, app))).toEqual(withAll);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
}
