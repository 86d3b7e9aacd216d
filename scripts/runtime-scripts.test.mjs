/**
 * @jest-environment node
 */
// The scripts behind npm start and npm test, run as they are: in a child process on the Node.js running jest.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Loaded before the script: makes the child report itself as Node.js 20. */
const AS_NODE_20 = `data:text/javascript,Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.19.0' } });`;

function runScript(script, { nodeArgs = [], cwd } = {}) {
  return spawnSync(process.execPath, [...nodeArgs, join(__dirname, script)], {
    cwd,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('check-node.mjs', () => {
  it('says which Node.js runs, when it is a supported one', () => {
    const result = runScript('check-node.mjs');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`Node.js ${process.version}`);
  });

  it('stops an older Node.js with a message naming the supported versions', () => {
    const result = runScript('check-node.mjs', { nodeArgs: ['--import', AS_NODE_20] });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Varco needs Node.js >=24; this is Node.js');
    expect(result.stdout).toBe('');
  });
});

describe('summarise-tests.mjs', () => {
  let folder;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'varco-summary-'));
    mkdirSync(join(folder, '.test-results'));
    mkdirSync(join(folder, 'e2e', 'test-results'), { recursive: true });
    writeFileSync(
      join(folder, '.test-results', 'jest.json'),
      JSON.stringify({ numPassedTests: 5, numFailedTests: 1, numRuntimeErrorTestSuites: 0 }),
    );
    // The closing summary of Node 24's TAP reporter: one for the whole run, suites counted apart from tests.
    writeFileSync(
      join(folder, '.test-results', 'api.tap'),
      'TAP version 13\n1..2\n# tests 7\n# suites 2\n# pass 7\n# fail 0\n# cancelled 0\n# skipped 0\n# todo 0\n',
    );
    writeFileSync(
      join(folder, 'e2e', 'test-results', 'results.json'),
      JSON.stringify({ stats: { expected: 3, unexpected: 0, flaky: 0 }, errors: [] }),
    );
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('names the Node.js the tests ran on just before the closing total', () => {
    const lines = runScript('summarise-tests.mjs', { cwd: folder }).stdout.trim().split('\n');
    // What the summary says above depends on the run (its own tests check it); these two lines close every run.
    expect(lines.slice(-2)).toEqual([
      `Node.js: ${process.version}`,
      expect.stringMatching(/^Total: \d+ passed, \d+ failed$/),
    ]);
  });
});
