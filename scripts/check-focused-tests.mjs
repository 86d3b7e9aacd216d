// Fails when a test file focuses a test (`it.only`, `fit`, `fdescribe`, `test.describe.only`, node:test's
// `{ only: true }`): a focused test quietly turns the others of its file into skipped ones, and a run that passes
// then says nothing of them. Jest and Node's test runner have no `forbidOnly` as Playwright has: this reads the files.
// Usage: check-focused-tests.mjs [report.json]   (the report lists what was found, for the summary of npm test)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'playwright-report']);

/** What focuses a test in jest, Playwright and node:test. */
const FOCUS = [
  /\b(?:describe|it|test|suite)(?:\.\w+)*\.only\b/,
  /\bf(?:it|describe)\s*(?:\(|\.each\b)/,
  /\bonly\s*:\s*true\b/,
];

/** The test files under `folder`, skipping dependencies, build output and hidden folders. */
export function testFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.isFile() && TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** The focusing lines of a file's text (comments aside: a commented-out `.only` focuses nothing). */
export function focusedLines(text) {
  return text.split('\n').flatMap((line, index) => {
    const code = line.trimStart();
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
    return FOCUS.some((pattern) => pattern.test(code)) ? [{ line: index + 1, text: code.trim() }] : [];
  });
}

/** Every focused test of the test files under `root`, with its file relative to `root`. */
export function findFocused(root) {
  const files = testFiles(root);
  const focused = files.flatMap((file) =>
    focusedLines(readFileSync(file, 'utf8')).map((found) => ({ file: relative(root, file), ...found })),
  );
  return { files: files.length, focused };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = findFocused(root);
  if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(result));
  for (const { file, line, text } of result.focused) console.error(`${file}:${line}: focused test: ${text}`);
  if (result.focused.length > 0) {
    console.error(
      `${result.focused.length} focused test(s): remove the focus, the other tests of those files would not run.`,
    );
    process.exit(1);
  }
  console.log(`No focused test in ${result.files} test files.`);
}
