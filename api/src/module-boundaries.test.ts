import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

// The module rule of api/README.md ("Modules"), as the repository's lint configuration enforces it.
const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repositoryRoot });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('api module boundaries (lint)', () => {
  it("refuses a module's import of another module's internals, and admits its face", async () => {
    assert.equal((await boundaryErrors('api/src/modules/merchants/example.ts', "import { notify as value } from '../notifications/notify';")).length, 1);
    assert.deepEqual(await boundaryErrors('api/src/modules/merchants/example.ts', "import { notify as value } from '../notifications';"), []);
    // Its own files are its own.
    assert.deepEqual(await boundaryErrors('api/src/modules/merchants/example.ts', "import { createMerchantService as value } from './service';"), []);
  });

  it('refuses the internals of a module to app files and plugins too', async () => {
    assert.equal((await boundaryErrors('api/src/plugins/example.ts', "import { createQrService as value } from '../modules/qr/signer';")).length, 1);
    assert.deepEqual(await boundaryErrors('api/src/plugins/example.ts', "import { createQrService as value } from '../modules/qr';"), []);
  });

  it("admits a module's testing.ts in tests only", async () => {
    const source = "import { insertInvoice as value } from '../visas/testing';";
    assert.deepEqual(await boundaryErrors('api/src/modules/merchants/example.test.ts', source), []);
    assert.equal((await boundaryErrors('api/src/modules/merchants/example.ts', source)).length, 1);
  });
});
