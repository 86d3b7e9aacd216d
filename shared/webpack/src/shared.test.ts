import { CHECKED_SINGLETONS } from '@varco/federation-contract';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build configuration is CommonJS
const { SINGLETON_LIBRARIES, WORKSPACE_PACKAGES } = require('./shared.cjs') as {
  SINGLETON_LIBRARIES: string[];
  WORKSPACE_PACKAGES: string[];
};

describe('the shared singletons', () => {
  it('are each checked against what a remote was built with, and only those', () => {
    const shared = [...SINGLETON_LIBRARIES, ...WORKSPACE_PACKAGES.map((name) => `@varco/${name}`)];
    expect([...CHECKED_SINGLETONS].sort()).toEqual(shared.sort());
  });
});
