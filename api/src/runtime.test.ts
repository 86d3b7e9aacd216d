import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { SUPPORTED_NODE, unsupportedRuntime } from './runtime';

/** Loaded before the server: makes this process report itself as Node.js 20. */
const AS_NODE_20 = `data:text/javascript,Object.defineProperty(process, 'versions', { value: { ...process.versions, node: '20.19.0' } });`;

describe('supported runtime', () => {
  it('is Node.js 24 LTS and later', () => {
    assert.equal(SUPPORTED_NODE, '>=24');
    assert.equal(unsupportedRuntime('24.21.0'), undefined);
    assert.equal(unsupportedRuntime('26.0.0'), undefined);
    assert.equal(unsupportedRuntime('22.21.1'), 'The Varco api needs Node.js >=24; this is Node.js v22.21.1.');
  });

  it('is the one the tests run on', () => {
    assert.equal(unsupportedRuntime(), undefined);
  });

  it('stops the server at start on an older Node.js, with that message and exit code 1', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', AS_NODE_20, '--import', 'tsx', server], {
      // An invalid port too: the runtime is checked first, before the configuration.
      env: { PATH: process.env.PATH, PORT: '99999', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(
      result.stderr.trim(),
      'The Varco api needs Node.js >=24; this is Node.js v20.19.0.\nThe api stops with exit code 1.',
    );
    assert.equal(result.status, 1);
  });
});
