import path from 'node:path';
import { CHECKED_SINGLETONS } from '@varco/federation-contract';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build configuration is CommonJS
const { SINGLETON_LIBRARIES, WORKSPACE_PACKAGES, WORKSPACE_CHUNKS } = require('./shared.cjs') as {
  SINGLETON_LIBRARIES: string[];
  WORKSPACE_PACKAGES: string[];
  WORKSPACE_CHUNKS: Record<string, { test: (module: { resource?: string }) => boolean }>;
};

describe('the shared singletons', () => {
  it('are each checked against what a remote was built with, and only those', () => {
    const shared = [...SINGLETON_LIBRARIES, ...WORKSPACE_PACKAGES.map((name) => `@varco/${name}`)];
    expect([...CHECKED_SINGLETONS].sort()).toEqual(shared.sort());
  });
});

describe("@varco/ui's file", () => {
  const inFile = (file: string) =>
    WORKSPACE_CHUNKS['varco-ui']!.test({ resource: path.join(__dirname, '..', '..', 'ui', 'src', file) });

  it('holds the files of the shared entry, those it reaches through others too', () => {
    for (const file of ['index.ts', 'remote-boundary.tsx', 'detail-page.tsx', 'action-button.tsx', 'save-file.ts'])
      expect(inFile(file)).toBe(true);
  });

  it('leaves out the entries that each app compiles in (a remote page would wait for the file after its own code)', () => {
    for (const file of [
      'form/index.ts',
      'form/text-field.tsx',
      'download-button.tsx',
      'query-client.ts',
      'dev-host.tsx',
    ])
      expect(inFile(file)).toBe(false);
  });
});
