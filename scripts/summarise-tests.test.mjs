import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const script = join(__dirname, 'summarise-tests.mjs');

/** A skipped test's lines as Node's TAP reporter writes them (it escapes `#` as `\#` in names and reasons). */
const skippedTest = (number, name, reason) => [
  `    # Subtest: ${name}`,
  `    ok ${number} - ${name} # SKIP ${reason}`,
  '      ---',
  '      duration_ms: 0.1',
  "      type: 'test'",
  '      ...',
];

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
            ...skippedTest(
              2,
              'two requests race',
              'only meaningful on PostgreSQL: the two requests race over two connections',
            ),
            ...skippedTest(
              3,
              'two more race \\# again',
              'only meaningful on PostgreSQL: the two requests race over two connections',
            ),
            ...skippedTest(
              4,
              'a connection is lost',
              'only meaningful on PostgreSQL: PGlite has no connection to lose \\# none',
            ),
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

/** A Playwright JSON report: the scale-out spec skipped at file level with its reason, one test run and passed. */
const playwrightReport = ({ skippedScaleOut = true } = {}) => ({
  stats: { expected: 2, unexpected: 0, flaky: 0, skipped: skippedScaleOut ? 2 : 0 },
  errors: [],
  suites: [
    {
      title: 'home.spec.ts',
      specs: [
        { title: 'the home page', tests: [{ status: 'expected', annotations: [] }] },
        { title: 'the footer', tests: [{ status: 'expected', annotations: [] }] },
      ],
    },
    {
      title: 'scale-out.spec.ts',
      specs: [],
      suites: [
        {
          title: 'two api instances',
          specs: ['a session on both', 'a kill'].map((title) => ({
            title,
            tests: [
              {
                status: skippedScaleOut ? 'skipped' : 'expected',
                annotations: skippedScaleOut ? [{ type: 'skip', description: 'needs a PostgreSQL server' }] : [],
              },
            ],
          })),
        },
      ],
    },
  ],
});

/** A jest JSON report: three passed, one skipped, one to do. */
const jestReport = {
  numPassedTests: 3,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 1,
  numTodoTests: 1,
  testResults: [
    {
      name: 'shell/src/app.test.tsx',
      assertionResults: [
        { status: 'passed', ancestorTitles: ['the shell'], title: 'renders' },
        { status: 'pending', ancestorTitles: ['the shell'], title: 'renders offline' },
        { status: 'todo', ancestorTitles: [], title: 'renders in Arabic' },
      ],
    },
  ],
};

/** Writes the results of a run into the folder; each can be replaced (or left out with `null`). */
function writeResults({
  databases = ['pglite', 'postgres'],
  postgres = { postgres: '127.0.0.1:5432' },
  e2eSetup,
  jest = jestReport,
  api,
  faults,
  browser = playwrightReport(),
  focused = { files: 12, focused: [] },
  failedSteps,
  steps,
  apiTimes,
}) {
  // Each run starts from nothing, as test.sh's does.
  rmSync(join(folder, '.test-results'), { recursive: true, force: true });
  rmSync(join(folder, 'e2e'), { recursive: true, force: true });
  mkdirSync(join(folder, '.test-results'), { recursive: true });
  mkdirSync(join(folder, 'e2e', 'test-results'), { recursive: true });
  const write = (path, content) =>
    content !== null &&
    writeFileSync(join(folder, path), typeof content === 'string' ? content : JSON.stringify(content));
  write('.test-results/jest.json', jest);
  write('.test-results/api.tap', api ?? apiTap(databases));
  write('.test-results/faults.tap', faults ?? '# not run: no PostgreSQL binaries\n# pass 0\n# fail 0\n');
  write('.test-results/databases.json', postgres);
  write('.test-results/focused.json', focused);
  if (e2eSetup) write('.test-results/e2e-setup.json', e2eSetup);
  if (failedSteps) write('.test-results/failed-steps.txt', `${failedSteps.join('\n')}\n`);
  if (steps) write('.test-results/steps.tsv', steps.map((step) => step.join('\t')).join('\n'));
  if (apiTimes) write('.test-results/api-times.json', apiTimes);
  write('e2e/test-results/results.json', browser);
}

/** Runs the summary over what `writeResults` wrote: its lines and its exit code. */
function run(options = {}, { ci = false } = {}) {
  writeResults(options);
  const result = spawnSync(process.execPath, [script], {
    cwd: folder,
    env: { ...process.env, CI: ci ? 'true' : '' },
    encoding: 'utf8',
  });
  if (result.stderr) throw new Error(result.stderr);
  return { lines: result.stdout.trim().split('\n'), status: result.status };
}

/** The lines of a run whose summary passes. */
function summarise(options, flags) {
  const { lines, status } = run(options, flags);
  expect({ status, total: lines.at(-1) }).toEqual({ status: 0, total: expect.stringMatching(/ 0 failed$/) });
  return lines;
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'varco-summary-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the test summary', () => {
  it('says how many api tests ran on each database, and which were skipped where and why', () => {
    const { lines, status } = run(
      { e2eSetup: { apiInstances: 2, frontedBy: 'nginx' }, browser: playwrightReport({ skippedScaleOut: false }) },
      { ci: true },
    );
    expect(lines).toContain(
      '  api tests by database: on PGlite 1 passed, 0 failed, 3 skipped; on PostgreSQL 1 passed, 0 failed; without a database 1 passed, 0 failed',
    );
    const skipped = lines.indexOf('  api tests skipped on PGlite: 3');
    expect(skipped).toBeGreaterThan(-1);
    expect(lines.slice(skipped + 1, skipped + 3)).toEqual([
      '    2 × only meaningful on PostgreSQL: the two requests race over two connections',
      '    1 × only meaningful on PostgreSQL: PGlite has no connection to lose # none',
    ]);
    expect(lines.some((line) => line.startsWith('  api tests skipped on PostgreSQL'))).toBe(false);
    expect(lines).toContain(
      '  browser tests ran on PostgreSQL (127.0.0.1:5432), through nginx in front of 2 api instances',
    );
    // Under CI the fault tests that did not run are the one failure.
    expect(lines).toContain('  CI=true requires the fault tests: counted as 1 failure');
    expect(lines.at(-1)).toBe('Total: 8 passed, 1 failed');
    expect(status).toBe(1);
  });

  it('says the PostgreSQL variants did not run, and why, when no server answered', () => {
    const lines = summarise({
      databases: ['pglite'],
      postgres: { postgres: null, reason: 'no PostgreSQL server answered at 127.0.0.1:5432' },
      e2eSetup: { apiInstances: 1, frontedBy: 'the local CDN' },
    });
    expect(lines).toContain('  api tests on PostgreSQL: did not run (no PostgreSQL server answered at 127.0.0.1:5432)');
    expect(lines).toContain('  browser tests ran on PGlite, through the local CDN in front of one api instance');
    expect(lines.at(-1)).toBe('Total: 7 passed, 0 failed');
  });

  it('fails the total, and the exit code, under CI when no PostgreSQL server answered', () => {
    const { lines, status } = run(
      {
        databases: ['pglite'],
        postgres: { postgres: null, reason: 'no PostgreSQL server answered at 127.0.0.1:5432' },
        failedSteps: ['PostgreSQL server', 'fault tests'],
      },
      { ci: true },
    );
    expect(lines).toContain('  CI=true requires a PostgreSQL server: counted as 1 failure');
    // The failed steps are the failures the results already show: not counted twice.
    expect(lines.some((line) => line.startsWith('step failed:'))).toBe(false);
    expect(lines.at(-1)).toBe('Total: 7 passed, 2 failed');
    expect(status).toBe(1);
  });

  it('shows the fault tests as skipped with the reason they did not run, a failure under CI only', () => {
    const lines = summarise({});
    expect(lines).toContain('fault tests: skipped, none ran (no PostgreSQL binaries)');
    expect(lines).toContain('Skipped: 7 (listed above with their reasons); none of the fault tests ran');
    const ci = run({}, { ci: true });
    expect(ci.lines).toContain('fault tests: skipped, none ran (no PostgreSQL binaries)');
    expect(ci.lines).toContain('  CI=true requires the fault tests: counted as 1 failure');
    expect(ci.status).toBe(1);
  });

  it('counts and names the skipped and to-do component tests', () => {
    const lines = summarise({});
    expect(lines).toContain('component tests: 3 passed, 0 failed, 2 skipped');
    const skipped = lines.indexOf('  component tests skipped: 1');
    expect(lines.slice(skipped, skipped + 4)).toEqual([
      '  component tests skipped: 1',
      '    shell/src/app.test.tsx › the shell › renders offline',
      '  component tests to do: 1',
      '    shell/src/app.test.tsx › renders in Arabic',
    ]);
  });

  it('lists the skipped browser tests under their reason', () => {
    const lines = summarise({});
    expect(lines).toContain('browser tests: 2 passed, 0 failed, 2 skipped');
    const skipped = lines.indexOf('  browser tests skipped: 2');
    expect(lines.slice(skipped, skipped + 4)).toEqual([
      '  browser tests skipped: 2',
      '    2 × needs a PostgreSQL server',
      '      scale-out.spec.ts › two api instances › a session on both',
      '      scale-out.spec.ts › two api instances › a kill',
    ]);
  });

  it('fails on a focused test, naming where it is', () => {
    // Spelled in pieces: the check for focused tests reads this file too.
    const text = `it${'.only'}('renders', () => {`;
    const focused = { files: 12, focused: [{ file: 'shell/src/app.test.tsx', line: 4, text }] };
    const { lines, status } = run({ focused });
    expect(lines).toContain(
      'focused tests: 1 found (the other tests of their files did not run), counted as 1 failure',
    );
    expect(lines).toContain(`    shell/src/app.test.tsx:4: ${text}`);
    expect(lines.at(-1)).toBe('Total: 8 passed, 1 failed');
    expect(status).toBe(1);
    expect(summarise({})).toContain('focused tests: none in 12 test files');
  });

  it('exits non-zero on a failed test', () => {
    const { lines, status } = run({ jest: { ...jestReport, numFailedTests: 2 } });
    expect(lines).toContain('component tests: 3 passed, 2 failed, 2 skipped');
    expect(lines.at(-1)).toBe('Total: 8 passed, 2 failed');
    expect(status).toBe(1);
  });

  it('fails when the PostgreSQL variants ran nothing although a server answered', () => {
    const { lines, status } = run({ databases: ['pglite'] });
    expect(lines).toContain(
      '  api tests on PostgreSQL: none ran although a server answered at 127.0.0.1:5432: counted as 1 failure',
    );
    expect(lines.at(-1)).toBe('Total: 7 passed, 1 failed');
    expect(status).toBe(1);
  });

  it('fails for a step that left no results, or results without a single test', () => {
    const missing = run({ browser: null });
    expect(missing.lines).toContain(
      'browser tests: did not run (no results at e2e/test-results/results.json), counted as 1 failure',
    );
    expect(missing.status).toBe(1);
    const empty = run({ api: 'TAP version 13\n# pass 0\n# fail 0\n', postgres: { postgres: null, reason: 'none' } });
    expect(empty.lines).toContain(
      'api tests: ran no tests (empty results at .test-results/api.tap), counted as 1 failure',
    );
    expect(empty.status).toBe(1);
    const noFocusCheck = run({ focused: null });
    expect(noFocusCheck.lines).toContain(
      'focused tests: did not run (no results at .test-results/focused.json), counted as 1 failure',
    );
    expect(noFocusCheck.status).toBe(1);
  });

  it('says where the time went: each step, and the slowest spec files, tests and test files', () => {
    const timed = playwrightReport({ skippedScaleOut: false });
    timed.suites[0].specs[0].tests[0].results = [{ duration: 4_000 }];
    timed.suites[0].specs[1].tests[0].results = [{ duration: 2_000 }, { duration: 1_000 }];
    timed.suites[1].suites[0].specs[0].tests[0].results = [{ duration: 9_000 }];
    const lines = summarise({
      browser: timed,
      steps: [
        ['install', '12'],
        ['api tests', '200'],
        ['browser tests', '480'],
      ],
      apiTimes: { 'src/app.test.ts [pglite]': 31.2, 'src/app.test.ts [postgres]': 44.8, 'src/paths.test.ts': 0.4 },
      jest: { ...jestReport, testResults: [{ ...jestReport.testResults[0], startTime: 1_000, endTime: 3_600 }] },
    });
    expect(lines).toContain('Time by step (692 s in all): install 12 s, api tests 200 s, browser tests 480 s');
    const files = lines.indexOf('Slowest browser spec files:');
    expect(lines.slice(files + 1, files + 3)).toEqual(['     9 s  scale-out.spec.ts', '     7 s  home.spec.ts']);
    const tests = lines.indexOf('Slowest browser tests:');
    expect(lines.slice(tests + 1, tests + 4)).toEqual([
      '     9 s  scale-out.spec.ts › two api instances › a session on both',
      '     4 s  home.spec.ts › the home page',
      '     3 s  home.spec.ts › the footer',
    ]);
    const api = lines.indexOf('Slowest api test files:');
    expect(lines.slice(api + 1, api + 4)).toEqual([
      '    45 s  src/app.test.ts [postgres]',
      '    31 s  src/app.test.ts [pglite]',
      '     0 s  src/paths.test.ts',
    ]);
    expect(lines).toContain('     3 s  shell/src/app.test.tsx');
  });

  it('fails for a failed step its results do not show, once', () => {
    const { lines, status } = run({ failedSteps: ['typecheck', 'api tests'] });
    expect(lines).toContain('step failed: typecheck, counted as 1 failure');
    expect(lines).toContain('step failed: api tests, counted as 1 failure');
    expect(lines.at(-1)).toBe('Total: 8 passed, 2 failed');
    expect(status).toBe(1);
  });
});
