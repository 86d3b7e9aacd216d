import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

// The module rule of api/README.md ("Modules"), as the repository's lint configuration enforces it.
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repositoryRoot });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

async function cycleErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  const messages = result?.messages ?? [];
  return messages.filter((message) => message.ruleId === 'varco/no-import-cycle').map((message) => message.message);
}

describe('api import cycles (lint)', () => {
  it('refuses an import that closes a cycle, a type-only one too', async () => {
    // auth's repository imports session-record.ts, so an import of auth from there closes a loop.
    const back = "import type { SessionRecord } from './modules/auth';\nexport type Same = SessionRecord;\n";
    assert.equal((await cycleErrors('api/src/session-record.ts', back)).length, 1);
    const down = "import type { SessionLevel } from './db/types';\nexport type Same = SessionLevel;\n";
    assert.deepEqual(await cycleErrors('api/src/session-record.ts', down), []);
  });
});

describe('api module boundaries (lint)', () => {
  it("refuses a module's import of another module's internals, and admits its face", async () => {
    assert.equal(
      (
        await boundaryErrors(
          'api/src/modules/merchants/example.ts',
          "import { notify as value } from '../notifications/notify';",
        )
      ).length,
      1,
    );
    assert.deepEqual(
      await boundaryErrors(
        'api/src/modules/merchants/example.ts',
        "import { notify as value } from '../notifications';",
      ),
      [],
    );
    // Its own files are its own.
    assert.deepEqual(
      await boundaryErrors(
        'api/src/modules/merchants/example.ts',
        "import { createMerchantService as value } from './service';",
      ),
      [],
    );
  });

  it('refuses the internals of a module to app files and plugins too', async () => {
    assert.equal(
      (
        await boundaryErrors(
          'api/src/plugins/example.ts',
          "import { createQrService as value } from '../modules/qr/signer';",
        )
      ).length,
      1,
    );
    assert.deepEqual(
      await boundaryErrors('api/src/plugins/example.ts', "import { createQrService as value } from '../modules/qr';"),
      [],
    );
  });

  it("admits a module's testing.ts in tests only", async () => {
    const source = "import { insertInvoice as value } from '../visas/testing';";
    assert.deepEqual(await boundaryErrors('api/src/modules/merchants/example.test.ts', source), []);
    assert.equal((await boundaryErrors('api/src/modules/merchants/example.ts', source)).length, 1);
  });

  it("admits a module's own files to the api's test support, and only there outside the module", async () => {
    const source = "import { face as value } from '../modules/documents/pdf-fonts';";
    assert.deepEqual(await boundaryErrors('api/src/test/example.ts', source), []);
    assert.equal((await boundaryErrors('api/src/jobs/example.ts', source)).length, 1);
  });
});
