import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../../test/app';
import { DEMO_TRAVELER } from '../auth/demo-traveler';
import { createInvoiceService } from '../invoices/service';
import { hashApiKey } from '../merchant/api-keys';
import { DEMO_MERCHANTS, seedDemo } from './seed';

describeEachDatabase('the demo data', ({ build, database }) => {
  before(async () => {
    await build().ready();
  });

  it('gives the demo traveler an invoice in every state of SPEC §4, once', async () => {
    const db = database().db;
    await seedDemo(db);
    const again = await seedDemo(db);
    assert.deepEqual(again, { travelersCreated: 0, merchantsCreated: false });

    const traveler = await db.selectFrom('traveler').select('id').where('email', '=', DEMO_TRAVELER.email).executeTakeFirstOrThrow();
    const { invoicesPerYear } = await createInvoiceService(db).perYear(traveler.id, 'TUTTE', 'EN');
    const invoices = invoicesPerYear.flatMap((year) => year.listInvoicesPerYear);
    assert.equal(invoices.length, 12);
    assert.ok(invoicesPerYear.length >= 2, 'over this year and the last');
    const labels = new Set(invoices.map((invoice) => invoice.stateDescription));
    assert.deepEqual(
      [...labels].sort(),
      ['Available', 'Customs check required', 'In completion', 'In progress', 'Not selected by customs', 'Visa denied', 'Visa granted'],
    );
    assert.deepEqual([...new Set(invoices.map((invoice) => invoice.stateCode))].sort((a, b) => a - b), [1, 10, 20, 30, 40, 50, 90, 100]);
    for (const invoice of invoices.filter((item) => item.stateCode === 100)) assert.ok(invoice.codeRelease && invoice.dateRelease && invoice.codeCustomsOffice);
  });

  it('publishes merchant keys that work', async () => {
    for (const merchant of DEMO_MERCHANTS) {
      const row = await database().db.selectFrom('merchant').select('kind').where('api_key_hash', '=', hashApiKey(merchant.apiKey)).executeTakeFirst();
      assert.equal(row?.kind, merchant.kind);
    }
  });
});
