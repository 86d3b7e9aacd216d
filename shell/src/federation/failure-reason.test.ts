import { IncompatibleRemoteError } from './contract-plugin';
import { failureReason } from './failure-reason';

/** An error as the federation runtime words it (getShortErrorMsg of @module-federation/error-codes). */
const runtimeError = (code: string, original: string) =>
  new Error(`Failed to load script resources. #${code}\nargs: {}\nOriginal Error Message:\n ${original}`);

/** webpack's error for a chunk that did not arrive. */
function chunkLoadError(type: 'missing' | 'timeout'): Error {
  const error = new Error(`Loading chunk 412 failed.\n(${type}: http://cdn.test/mf-visa/0.1.0/412.js)`);
  error.name = 'ChunkLoadError';
  return error;
}

describe('failureReason: why a remote did not show', () => {
  it('is contract for a remote the shell refused, at either stage', () => {
    const refused = new IncompatibleRemoteError('mfInvoices implements contract 2.0.0, this shell contract 1.0.0');
    expect(failureReason(refused, 'load')).toBe('contract');
    expect(failureReason(refused, 'render')).toBe('contract');
  });

  it('is timeout for an entry script or a chunk that came too late', () => {
    expect(failureReason(runtimeError('RUNTIME-008', 'ScriptNetworkError: Script "x" timed out.'), 'load')).toBe(
      'timeout',
    );
    expect(failureReason(chunkLoadError('timeout'), 'render')).toBe('timeout');
  });

  it('is network for a manifest, entry or chunk that did not arrive', () => {
    expect(failureReason(new TypeError('Failed to fetch'), 'load')).toBe('network');
    expect(failureReason(runtimeError('RUNTIME-008', 'ScriptNetworkError: Failed to load script'), 'load')).toBe(
      'network',
    );
    expect(failureReason(chunkLoadError('missing'), 'load')).toBe('network');
    // A chunk the remote needed while rendering (a page it splits off) did not arrive: not its code's fault.
    expect(failureReason(chunkLoadError('missing'), 'render')).toBe('network');
  });

  it('is render for what the remote’s own code threw while rendering', () => {
    expect(failureReason(new Error('the notification list failed to render'), 'render')).toBe('render');
    expect(failureReason(new TypeError("Cannot read properties of undefined (reading 'map')"), 'render')).toBe(
      'render',
    );
    expect(failureReason('a string thrown', 'render')).toBe('render');
  });
});
