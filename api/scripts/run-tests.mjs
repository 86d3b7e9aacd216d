// npm test: every `src/**/*.test.ts` with Node's test runner and tsx. The files are listed here, in one sorted order
// on every machine, rather than left to the runner's glob expansion. Arguments after `--` go to the test runner (reporters, --test-name-pattern ...).
// Two files at a time, one per core: each test file is its own process with one embedded database of ~0.5-1 GB, and
// much of a file's time is spent waiting on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

const files = testFiles(join(root, 'src')).sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', ...process.argv.slice(2), ...files],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
