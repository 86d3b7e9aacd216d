// Adds up the results of the three test runners into one closing line: "Total: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

const results = [];

function fromJest(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
}

function fromTap(path) {
  const text = readFileSync(path, 'utf8');
  const count = (label) => [...text.matchAll(new RegExp(`^# ${label} (\\d+)$`, 'gm'))].reduce((sum, match) => sum + Number(match[1]), 0);
  return { passed: count('pass'), failed: count('fail') + count('cancelled') };
}

function fromPlaywright(path) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (report.errors?.length ?? 0) };
}

for (const [name, path, read] of [
  ['component tests', '.test-results/jest.json', fromJest],
  ['api tests', '.test-results/api.tap', fromTap],
  ['browser tests', 'e2e/test-results/results.json', fromPlaywright],
]) {
  if (!existsSync(path)) {
    console.log(`${name}: did not run`);
    results.push({ passed: 0, failed: 1 });
    continue;
  }
  const result = read(path);
  console.log(`${name}: ${result.passed} passed, ${result.failed} failed`);
  results.push(result);
}

const total = results.reduce((sum, result) => ({ passed: sum.passed + result.passed, failed: sum.failed + result.failed }), { passed: 0, failed: 0 });
// The tests ran on the Node.js that runs this summary (npm test puts the project's own first on PATH).
console.log(`Node.js: ${process.version}`);
console.log(`Total: ${total.passed} passed, ${total.failed} failed`);
