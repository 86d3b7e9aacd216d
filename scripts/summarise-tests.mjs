// Adds up the results of the test runners into one closing line: "Total: N passed, N failed". Before it, one line per
// runner with what it skipped, by name or by reason, and for the api tests what ran on which database and what did not
// run and why: a run without a PostgreSQL server must not read like a complete one. Its verdict is the exit code of
// npm test: non-zero whenever the summary counts a failure — a failed test, a step without results, a failed step its
// results do not show, a focused test, a PostgreSQL variant that ran nothing although a server answered.
// Reads the results under the current folder (the repository root).
import { existsSync, readFileSync } from 'node:fs';

const RESULTS = '.test-results';
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** `label: N` then one line per item, indented under it. */
const listed = (label, items) =>
  items.length ? [`  ${label}: ${items.length}`, ...items.map((item) => `    ${item}`)] : [];

/** `N × reason` per reason, the most frequent first. */
function byReason(reasons) {
  return [...reasons]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([reason, count]) => `${count} × ${reason}`);
}

function fromJest(path) {
  const report = readJson(path);
  const named = (statuses) =>
    (report.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => statuses.includes(test.status))
        .map((test) =>
          [file.name ? relativeName(file.name) : '?', ...(test.ancestorTitles ?? []), test.title].join(' › '),
        ),
    );
  const skipped = named(['pending', 'skipped', 'disabled']);
  const todo = named(['todo']);
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: Math.max(report.numPendingTests ?? 0, skipped.length) + Math.max(report.numTodoTests ?? 0, todo.length),
    notes: [...listed('component tests skipped', skipped), ...listed('component tests to do', todo)],
  };
}

/** A path of the report relative to the repository root, as the reader knows it. */
function relativeName(name) {
  const root = `${process.cwd()}/`;
  return name.startsWith(root) ? name.slice(root.length) : name;
}

function tapCount(text, label) {
  return [...text.matchAll(new RegExp(`^# ${label} (\\d+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
}

/** The reason of a `# SKIP reason` or `# TODO reason` directive, as the TAP reporter escaped it (`\#`, `\\`). */
function directiveReason(directive, text) {
  const reason = text.trim().replace(/\\([\\#])/g, '$1');
  if (directive === 'TODO') return reason ? `to do: ${reason}` : 'to do';
  return reason || 'no reason given';
}

/**
 * Counts the tests (not the suites) of a TAP report of Node's test runner by the database their suite names:
 * `describeEachDatabase` names each suite "<title> [pglite]" or "<title> [postgres]". Skipped tests are also counted
 * by their reason, per database.
 */
function testsByDatabase(text) {
  const tally = () => ({ passed: 0, failed: 0, skipped: 0, reasons: new Map() });
  const counts = { pglite: tally(), postgres: tally(), none: tally() };
  const lines = text.split('\n');
  const subtests = [];
  for (const [index, line] of lines.entries()) {
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      subtests.length = subtest[1].length / 4;
      subtests.push(subtest[2]);
      continue;
    }
    const result = /^(\s*)(ok|not ok) \d+ - (.*?)(?:\s+# (SKIP|TODO)(.*))?$/.exec(line);
    if (!result) continue;
    const depth = result[1].length / 4;
    // A suite's result carries `type: 'suite'` in the block that follows it.
    let isSuite = false;
    if (lines[index + 1]?.trim() === '---') {
      for (let next = index + 2; next < lines.length && lines[next].trim() !== '...'; next += 1) {
        if (lines[next].trim() === "type: 'suite'") isSuite = true;
      }
    }
    if (isSuite) continue;
    const path = subtests.slice(0, depth + 1);
    const database = path.some((name) => name.endsWith('[postgres]'))
      ? 'postgres'
      : path.some((name) => name.endsWith('[pglite]'))
        ? 'pglite'
        : 'none';
    const outcome = result[4] ? 'skipped' : result[2] === 'ok' ? 'passed' : 'failed';
    counts[database][outcome] += 1;
    if (result[4]) {
      const reason = directiveReason(result[4], result[5]);
      counts[database].reasons.set(reason, (counts[database].reasons.get(reason) ?? 0) + 1);
    }
  }
  return counts;
}

/** What test.sh found out about the PostgreSQL server: `{ postgres: "<where>" | null, reason?: string }`. */
function readDatabases() {
  const path = `${RESULTS}/databases.json`;
  return existsSync(path) ? readJson(path) : { postgres: null, reason: 'not recorded' };
}

function fromTap(path) {
  const text = readFileSync(path, 'utf8');
  const result = { passed: tapCount(text, 'pass'), failed: tapCount(text, 'fail') + tapCount(text, 'cancelled') };
  const byDatabase = testsByDatabase(text);
  result.skipped = Object.values(byDatabase).reduce((sum, counts) => sum + counts.skipped, 0);
  const labels = { pglite: 'on PGlite', postgres: 'on PostgreSQL', none: 'without a database' };
  const describe = (label, counts) =>
    `${label} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
  const details = Object.entries(labels).map(([database, label]) => describe(label, byDatabase[database]));
  result.notes = [`  api tests by database: ${details.join('; ')}`];
  // What did not run, where, and why: one line per reason, the most frequent first.
  for (const [database, label] of Object.entries(labels)) {
    const { skipped, reasons } = byDatabase[database];
    if (skipped === 0) continue;
    result.notes.push(`  api tests skipped ${label}: ${skipped}`, ...byReason(reasons).map((line) => `    ${line}`));
  }
  const databases = readDatabases();
  if (!databases.postgres) {
    result.notes.push(`  api tests on PostgreSQL: did not run (${databases.reason ?? 'no server'})`);
    if (process.env.CI === 'true') {
      result.notes.push('  CI=true requires a PostgreSQL server: counted as 1 failure');
      result.failed += 1;
    }
  } else if (byDatabase.postgres.passed + byDatabase.postgres.failed === 0) {
    result.notes.push(
      `  api tests on PostgreSQL: none ran although a server answered at ${databases.postgres}: counted as 1 failure`,
    );
    result.failed += 1;
  }
  return result;
}

/** Every test of a Playwright JSON report, with its path of titles (file › describe › title). */
function playwrightTests(suite, titles = []) {
  const path = [...titles, suite.title].filter(Boolean);
  return [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).map((test) => ({ name: [...path, spec.title].join(' › '), test })),
    ),
    ...(suite.suites ?? []).flatMap((child) => playwrightTests(child, path)),
  ];
}

/** The reason a Playwright test was skipped: its `skip` or `fixme` annotation (test.skip(condition, reason)). */
function skipReason(test) {
  const annotation = (test.annotations ?? []).find((each) => each.type === 'skip' || each.type === 'fixme');
  const reason = annotation?.description?.trim() || 'no reason given';
  return annotation?.type === 'fixme' ? `to fix: ${reason}` : reason;
}

function fromPlaywright(path) {
  const report = readJson(path);
  const stats = report.stats ?? {};
  const databases = readDatabases();
  const setupPath = `${RESULTS}/e2e-setup.json`;
  const setup = existsSync(setupPath) ? readJson(setupPath) : null;
  const served = setup
    ? `, through ${setup.frontedBy} in front of ${setup.apiInstances === 1 ? 'one api instance' : `${setup.apiInstances} api instances`}`
    : '';
  const notes = [
    `  browser tests ran on ${databases.postgres ? `PostgreSQL (${databases.postgres})` : 'PGlite'}${served}`,
  ];
  // What did not run, by reason, each test named under its reason.
  const skipped = new Map();
  for (const { name, test } of (report.suites ?? []).flatMap((suite) => playwrightTests(suite))) {
    if (test.status !== 'skipped') continue;
    const reason = skipReason(test);
    skipped.set(reason, [...(skipped.get(reason) ?? []), name]);
  }
  const count = Math.max(
    stats.skipped ?? 0,
    [...skipped.values()].reduce((sum, names) => sum + names.length, 0),
  );
  if (count) notes.push(`  browser tests skipped: ${count}`);
  for (const [reason, names] of [...skipped].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))) {
    notes.push(`    ${names.length} × ${reason}`, ...names.map((name) => `      ${name}`));
  }
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (report.errors?.length ?? 0),
    skipped: count,
    notes,
  };
}

/** The fault tests (api/fault-tests): a TAP report, or a note of why they were skipped. */
function fromFaults(path) {
  const text = readFileSync(path, 'utf8');
  const result = {
    passed: tapCount(text, 'pass'),
    failed: tapCount(text, 'fail') + tapCount(text, 'cancelled'),
    notes: [],
  };
  const notRun = /^# not run: (.*)$/m.exec(text);
  if (notRun) {
    result.skippedAll = true;
    result.headline = `fault tests: skipped, none ran (${notRun[1]})`;
    if (process.env.CI === 'true') {
      result.notes.push('  CI=true requires the fault tests: counted as 1 failure');
      result.failed += 1;
    }
    return result;
  }
  const { none } = testsByDatabase(text);
  result.skipped = none.skipped;
  if (none.skipped)
    result.notes.push(`  fault tests skipped: ${none.skipped}`, ...byReason(none.reasons).map((line) => `    ${line}`));
  return result;
}

/** The check for focused tests (scripts/check-focused-tests.mjs): each one found is a failure. */
function fromFocused(path) {
  const { files, focused } = readJson(path);
  return {
    checked: true,
    passed: 0,
    failed: focused.length,
    headline: focused.length
      ? `focused tests: ${plural(focused.length, 'found')} (the other tests of their files did not run), counted as ${plural(focused.length, 'failure')}`
      : `focused tests: none in ${files} test files`,
    notes: focused.map(({ file, line, text }) => `    ${file}:${line}: ${text}`),
  };
}

const SLOWEST = 10;
const seconds = (value) => `${Math.round(value)} s`;

/** The `count` largest of `[name, seconds]`, as lines under a heading. */
function slowest(heading, entries) {
  const top = entries.sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
  return top.length ? [`${heading}:`, ...top.map(([name, time]) => `  ${seconds(time).padStart(6)}  ${name}`)] : [];
}

/** Each Playwright test's name, file and seconds (its runs added up: a retry is time too). */
function browserTestTimes(path) {
  if (!existsSync(path)) return [];
  return (readJson(path).suites ?? []).flatMap((suite) =>
    playwrightTests(suite).map(({ name, test }) => ({
      name,
      file: suite.title,
      time: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000,
    })),
  );
}

/**
 * Where the run's time went: each step of npm test (test.sh writes them), then the ten slowest browser spec files and
 * tests, api test files (one process per file and database) and component test files, so that a slowdown shows on
 * the day it lands.
 */
function timings() {
  const lines = [];
  const stepsPath = `${RESULTS}/steps.tsv`;
  if (existsSync(stepsPath)) {
    const steps = readFileSync(stepsPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'));
    const total = steps.reduce((sum, [, time]) => sum + Number(time), 0);
    lines.push(
      `Time by step (${seconds(total)} in all): ${steps.map(([name, time]) => `${name} ${seconds(Number(time))}`).join(', ')}`,
    );
  }
  const browser = browserTestTimes('e2e/test-results/results.json');
  const byFile = new Map();
  for (const { file, time } of browser) byFile.set(file, (byFile.get(file) ?? 0) + time);
  lines.push(...slowest('Slowest browser spec files', [...byFile]));
  lines.push(
    ...slowest(
      'Slowest browser tests',
      browser.map(({ name, time }) => [name, time]),
    ),
  );
  const apiPath = `${RESULTS}/api-times.json`;
  if (existsSync(apiPath)) lines.push(...slowest('Slowest api test files', Object.entries(readJson(apiPath))));
  const jestPath = `${RESULTS}/jest.json`;
  if (existsSync(jestPath)) {
    const files = (readJson(jestPath).testResults ?? []).map((file) => [
      relativeName(file.name ?? '?'),
      ((file.endTime ?? 0) - (file.startTime ?? 0)) / 1000,
    ]);
    lines.push(...slowest('Slowest component test files', files));
  }
  return lines;
}

/** The results that show a step's failure, where they are not the step's own: a missing server, in the api tests'. */
const STEP_RESULTS = { 'PostgreSQL server': 'api tests' };

/** The steps of npm test that failed (test.sh writes them one per line); absent when the summary runs alone. */
function readFailedSteps() {
  const path = `${RESULTS}/failed-steps.txt`;
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
}

const results = new Map();
for (const [name, path, read] of [
  ['focused tests', `${RESULTS}/focused.json`, fromFocused],
  ['component tests', `${RESULTS}/jest.json`, fromJest],
  ['api tests', `${RESULTS}/api.tap`, fromTap],
  ['fault tests', `${RESULTS}/faults.tap`, fromFaults],
  ['browser tests', 'e2e/test-results/results.json', fromPlaywright],
]) {
  if (!existsSync(path)) {
    console.log(`${name}: did not run (no results at ${path}), counted as 1 failure`);
    results.set(name, { passed: 0, failed: 1 });
    continue;
  }
  const result = read(path);
  const skipped = result.skipped ? `, ${result.skipped} skipped` : '';
  // A runner that reported no test at all (and did not say why) tested nothing: that is not a pass.
  if (!result.checked && !result.skippedAll && result.passed + result.failed + (result.skipped ?? 0) === 0) {
    result.failed = 1;
    console.log(`${name}: ran no tests (empty results at ${path}), counted as 1 failure`);
  } else {
    console.log(result.headline ?? `${name}: ${result.passed} passed, ${result.failed} failed${skipped}`);
  }
  for (const note of result.notes ?? []) console.log(note);
  results.set(name, result);
}

// A failed step whose results show no failure (a crash after its report, a time limit, a step without results such
// as the type check or the build) still fails the run: counted here, so that the total and the exit code agree.
for (const step of readFailedSteps()) {
  if ((results.get(STEP_RESULTS[step] ?? step)?.failed ?? 0) > 0) continue;
  console.log(`step failed: ${step}, counted as 1 failure`);
  results.set(`step: ${step}`, { passed: 0, failed: 1 });
}

for (const line of timings()) console.log(line);

const total = [...results.values()].reduce(
  (sum, result) => ({
    passed: sum.passed + result.passed,
    failed: sum.failed + result.failed,
    skipped: sum.skipped + (result.skipped ?? 0),
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
// The tests ran on the Node.js that runs this summary (npm test puts the project's own first on PATH).
console.log(`Node.js: ${process.version}`);
const skippedWhole = [...results].filter(([, result]) => result.skippedAll).map(([name]) => name);
if (total.skipped || skippedWhole.length) {
  const whole = skippedWhole.length ? `; none of the ${skippedWhole.join(', ')} ran` : '';
  console.log(`Skipped: ${total.skipped} (listed above with their reasons)${whole}`);
}
console.log(`Total: ${total.passed} passed, ${total.failed} failed`);
process.exitCode = total.failed > 0 ? 1 : 0;
