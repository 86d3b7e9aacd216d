import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashApiKey } from '../api-keys';
import { MIGRATIONS_DIR } from '../paths';
import { databaseKinds, testDatabase } from '../test/databases';
import { findLiveApiKeyHolder } from './api-key-holders';
import { migrate, readMigrations } from './migrator';

for (const kind of databaseKinds()) {
  describe(`the holder of an API key [${kind}]`, () => {
    it('is found by the hash of a live key, in either table, and not once the key is revoked', async () => {
      const handle = await testDatabase(kind);
      await migrate(handle, readMigrations(MIGRATIONS_DIR));
      const { db } = handle;
      const [merchantKey, clientKey] = [hashApiKey('vk_holder-test'), hashApiKey('xk_holder-test')];
      const merchant = { kind: 'VENDOR', name: 'Holder test', vat_number: 'IT00000000042' } as const;
      await db
        .insertInto('merchant')
        .values({ ...merchant, api_key_hash: merchantKey })
        .execute();
      const client = { kind: 'KIOSK', name: 'Holder test', customs_office: 'T1', api_key_hash: clientKey } as const;
      await db.insertInto('exit_point_client').values(client).execute();

      const holder = await findLiveApiKeyHolder(db, 'merchant', ['name', 'vat_number'], merchantKey);
      assert.deepEqual(holder, { name: 'Holder test', vat_number: 'IT00000000042' });
      const kiosk = await findLiveApiKeyHolder(db, 'exit_point_client', ['kind', 'customs_office'], clientKey);
      assert.deepEqual(kiosk, { kind: 'KIOSK', customs_office: 'T1' });
      assert.equal(await findLiveApiKeyHolder(db, 'merchant', ['id'], clientKey), undefined);

      const revoked = new Date();
      await db.updateTable('merchant').set({ revoked_at: revoked }).where('api_key_hash', '=', merchantKey).execute();
      assert.equal(await findLiveApiKeyHolder(db, 'merchant', ['id'], merchantKey), undefined);
    });
  });
}
