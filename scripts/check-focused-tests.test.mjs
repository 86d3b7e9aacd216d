/**
 * @jest-environment node
 */
// The check for focused tests, run as npm test runs it: on a folder of test files, in a child process.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const script = join(__dirname, 'check-focused-tests.mjs');
// Spelled in pieces: this file is itself one the check reads.
const ONLY = ['.', 'only'].join('');
const ONLY_OPTION = ['only', ': true'].join('');

let folder;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'varco-focused-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

function files(contents) {
  for (const [path, text] of Object.entries(contents)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
}

/** What `findFocused` finds under the folder. */
function focused() {
  const program = `import { findFocused } from ${JSON.stringify(pathToFileURL(script).href)}; console.log(JSON.stringify(findFocused(process.argv[1])));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', program, folder], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

describe('check-focused-tests.mjs', () => {
  it('finds the focused tests of jest, Playwright and node:test, with their line', () => {
    files({
      'shell/src/a.test.tsx': `describe('a', () => {\n  it${ONLY}('focused', () => {});\n  it('other', () => {});\n});\n`,
      'mf-visa/src/b.test.tsx': `f${'it'}('focused', () => {});\nf${'describe'}('group', () => {});\n`,
      'e2e/tests/c.spec.ts': `test.describe${ONLY}('group', () => {});\n`,
      'api/src/d.test.ts': `it('focused', { ${ONLY_OPTION} }, async () => {});\n`,
    });
    expect(
      focused()
        .focused.map(({ file, line }) => `${file}:${line}`)
        .sort(),
    ).toEqual([
      'api/src/d.test.ts:1',
      'e2e/tests/c.spec.ts:1',
      'mf-visa/src/b.test.tsx:1',
      'mf-visa/src/b.test.tsx:2',
      'shell/src/a.test.tsx:2',
    ]);
  });

  it('leaves alone comments, other files, dependencies and names that only look alike', () => {
    files({
      'shell/src/a.test.tsx': `// it${ONLY}('was focused once')\nit('the pages fit the screen', () => { fitText(); });\n`,
      'shell/src/helper.ts': `it${ONLY}('not a test file');\n`,
      'node_modules/lib/e.test.js': `it${ONLY}('a dependency');\n`,
    });
    expect(focused()).toEqual({ files: 1, focused: [] });
  });

  it('fails npm test on a focused test of the repository, and writes what it found for the summary', () => {
    const report = join(folder, 'focused.json');
    const result = spawnSync(process.execPath, [script, report], { encoding: 'utf8', timeout: 20_000 });
    // The repository itself has none: the step passes.
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^No focused test in \d+ test files\.$/m);
  });
});
