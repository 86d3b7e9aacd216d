import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, 'summarise-tests.mjs');

/** A skipped test's lines as Node's TAP reporter writes them (it escapes `#` as `\#` in names and reasons). */
const skippedTest = (number, name, reason) => [`    # Subtest: ${name}`, `    ok ${number} - ${name} # SKIP ${reason}`, '      ---', '      duration_ms: 0.1', "      type: 'test'", '      ...'];

/**
 * An api TAP report of Node's test runner: one suite per database (as describeEachDatabase names them) and one test
 * outside; on PGlite, the tests only PostgreSQL can make fail are skipped with their reason.
 */
const apiTap = (databases) =>
  [
    'TAP version 13',
    ...databases.flatMap((database, index) => [
      `# Subtest: health probes [${database}]`,
      '    # Subtest: /healthz answers',
      '    ok 1 - /healthz answers',
      '      ---',
      '      duration_ms: 1',
      '      ...',
      ...(database === 'pglite'
        ? [
            ...skippedTest(2, 'two requests race', 'only meaningful on PostgreSQL: the two requests race over two connections'),
            ...skippedTest(3, 'two more race \\# again', 'only meaningful on PostgreSQL: the two requests race over two connections'),
            ...skippedTest(4, 'a connection is lost', 'only meaningful on PostgreSQL: PGlite has no connection to lose \\# none'),
            '    1..4',
          ]
        : ['    1..1']),
      `ok ${index + 1} - health probes [${database}]`,
      '  ---',
      '  duration_ms: 1',
      "  type: 'suite'",
      '  ...',
    ]),
    '# Subtest: outside any database',
    `ok ${databases.length + 1} - outside any database`,
    '  ---',
    '  duration_ms: 1',
    '  ...',
    `# pass ${databases.length + 1}`,
    '# fail 0',
    '# cancelled 0',
    '',
  ].join('\n');

let folder;

function summarise({ databases, postgres, ci, e2eSetup }) {
  mkdirSync(join(folder, '.test-results'), { recursive: true });
  mkdirSync(join(folder, 'e2e', 'test-results'), { recursive: true });
  writeFileSync(join(folder, '.test-results', 'jest.json'), JSON.stringify({ numPassedTests: 3, numFailedTests: 0, numRuntimeErrorTestSuites: 0 }));
  writeFileSync(join(folder, '.test-results', 'api.tap'), apiTap(databases));
  writeFileSync(join(folder, '.test-results', 'faults.tap'), '# not run: no PostgreSQL binaries\n# pass 0\n# fail 0\n');
  writeFileSync(join(folder, '.test-results', 'databases.json'), JSON.stringify(postgres));
  if (e2eSetup) writeFileSync(join(folder, '.test-results', 'e2e-setup.json'), JSON.stringify(e2eSetup));
  writeFileSync(join(folder, 'e2e', 'test-results', 'results.json'), JSON.stringify({ stats: { expected: 2, unexpected: 0, flaky: 0 }, errors: [] }));
  return execFileSync(process.execPath, [script], { cwd: folder, env: { ...process.env, CI: ci ? 'true' : '' }, encoding: 'utf8' }).trim().split('\n');
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'varco-summary-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the test summary', () => {
  it('says how many api tests ran on each database, and which were skipped where and why', () => {
    const lines = summarise({ databases: ['pglite', 'postgres'], postgres: { postgres: '127.0.0.1:5432' }, ci: true, e2eSetup: { apiInstances: 2, frontedBy: 'nginx' } });
    expect(lines).toContain('  api tests by database: on PGlite 1 passed, 0 failed, 3 skipped; on PostgreSQL 1 passed, 0 failed; without a database 1 passed, 0 failed');
    const skipped = lines.indexOf('  api tests skipped on PGlite: 3');
    expect(skipped).toBeGreaterThan(-1);
    expect(lines.slice(skipped + 1, skipped + 3)).toEqual([
      '    2 × only meaningful on PostgreSQL: the two requests race over two connections',
      '    1 × only meaningful on PostgreSQL: PGlite has no connection to lose # none',
    ]);
    expect(lines.some((line) => line.startsWith('  api tests skipped on PostgreSQL'))).toBe(false);
    expect(lines).toContain('  browser tests ran on PostgreSQL (127.0.0.1:5432), through nginx in front of 2 api instances');
    expect(lines.at(-1)).toBe('Total: 8 passed, 1 failed');
  });

  it('says the PostgreSQL variants did not run, and why, when no server answered', () => {
    const lines = summarise({ databases: ['pglite'], postgres: { postgres: null, reason: 'no PostgreSQL server answered at 127.0.0.1:5432' }, ci: false, e2eSetup: { apiInstances: 1, frontedBy: 'the local CDN' } });
    expect(lines).toContain('  api tests on PostgreSQL: did not run (no PostgreSQL server answered at 127.0.0.1:5432)');
    expect(lines).toContain('  fault tests: did not run (no PostgreSQL binaries)');
    expect(lines).toContain('  browser tests ran on PGlite, through the local CDN in front of one api instance');
    expect(lines.at(-1)).toBe('Total: 7 passed, 0 failed');
  });

  it('fails the total under CI when no PostgreSQL server answered', () => {
    const lines = summarise({ databases: ['pglite'], postgres: { postgres: null, reason: 'no PostgreSQL server answered at 127.0.0.1:5432' }, ci: true });
    expect(lines).toContain('  CI=true requires a PostgreSQL server: counted as 1 failure');
    expect(lines.at(-1)).toBe('Total: 7 passed, 2 failed');
  });
});
