// Adds up the results of the test runners into one closing line: "Total: N passed, N failed". Before it, one line per
// runner, and for the api tests what ran on which database and what did not run and why: a run without a PostgreSQL
// server must not read like a complete one. Reads the results under the current folder (the repository root).
import { existsSync, readFileSync } from 'node:fs';

const results = [];

function fromJest(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
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
    const database = path.some((name) => name.endsWith('[postgres]')) ? 'postgres' : path.some((name) => name.endsWith('[pglite]')) ? 'pglite' : 'none';
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
  const path = '.test-results/databases.json';
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { postgres: null, reason: 'not recorded' };
}

function fromTap(path) {
  const text = readFileSync(path, 'utf8');
  const result = { passed: tapCount(text, 'pass'), failed: tapCount(text, 'fail') + tapCount(text, 'cancelled') };
  const byDatabase = testsByDatabase(text);
  const labels = { pglite: 'on PGlite', postgres: 'on PostgreSQL', none: 'without a database' };
  const describe = (label, counts) => `${label} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`;
  const details = Object.entries(labels).map(([database, label]) => describe(label, byDatabase[database]));
  result.notes = [`  api tests by database: ${details.join('; ')}`];
  // What did not run, where, and why: one line per reason, the most frequent first.
  for (const [database, label] of Object.entries(labels)) {
    const { skipped, reasons } = byDatabase[database];
    if (skipped === 0) continue;
    result.notes.push(`  api tests skipped ${label}: ${skipped}`);
    for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) result.notes.push(`    ${count} × ${reason}`);
  }
  const databases = readDatabases();
  if (!databases.postgres) {
    result.notes.push(`  api tests on PostgreSQL: did not run (${databases.reason ?? 'no server'})`);
    if (process.env.CI === 'true') {
      result.notes.push('  CI=true requires a PostgreSQL server: counted as 1 failure');
      result.failed += 1;
    }
  } else if (byDatabase.postgres.passed + byDatabase.postgres.failed === 0) {
    result.notes.push(`  api tests on PostgreSQL: none ran although a server answered at ${databases.postgres}: counted as 1 failure`);
    result.failed += 1;
  }
  return result;
}

function fromPlaywright(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const stats = report.stats ?? {};
  const databases = readDatabases();
  const setup = existsSync('.test-results/e2e-setup.json') ? JSON.parse(readFileSync('.test-results/e2e-setup.json', 'utf8')) : null;
  const served = setup ? `, through ${setup.frontedBy} in front of ${setup.apiInstances === 1 ? 'one api instance' : `${setup.apiInstances} api instances`}` : '';
  const notes = [`  browser tests ran on ${databases.postgres ? `PostgreSQL (${databases.postgres})` : 'PGlite'}${served}`];
  if (stats.skipped) notes.push(`  browser tests skipped: ${stats.skipped}`);
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (report.errors?.length ?? 0), notes };
}

/** The fault tests (api/fault-tests): a TAP report, or a note of why they could not run. */
function fromFaults(path) {
  const text = readFileSync(path, 'utf8');
  const result = { passed: tapCount(text, 'pass'), failed: tapCount(text, 'fail') + tapCount(text, 'cancelled') };
  const reason = /^# not run: (.*)$/m.exec(text);
  if (reason) {
    result.notes = [`  fault tests: did not run (${reason[1]})`];
    if (process.env.CI === 'true') result.failed += 1;
  }
  return result;
}

for (const [name, path, read] of [
  ['component tests', '.test-results/jest.json', fromJest],
  ['api tests', '.test-results/api.tap', fromTap],
  ['fault tests', '.test-results/faults.tap', fromFaults],
  ['browser tests', 'e2e/test-results/results.json', fromPlaywright],
]) {
  if (!existsSync(path)) {
    console.log(`${name}: did not run`);
    results.push({ passed: 0, failed: 1 });
    continue;
  }
  const result = read(path);
  console.log(`${name}: ${result.passed} passed, ${result.failed} failed`);
  for (const note of result.notes ?? []) console.log(note);
  results.push(result);
}

const total = results.reduce((sum, result) => ({ passed: sum.passed + result.passed, failed: sum.failed + result.failed }), { passed: 0, failed: 0 });
// The tests ran on the Node.js that runs this summary (npm test puts the project's own first on PATH).
console.log(`Node.js: ${process.version}`);
console.log(`Total: ${total.passed} passed, ${total.failed} failed`);
