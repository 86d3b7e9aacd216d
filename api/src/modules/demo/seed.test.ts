import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../../test/app';
import { DEMO_TRAVELER } from '../auth';
import { createInvoiceService } from '../invoices';
import { hashApiKey } from '../../api-keys';
import { exitActor } from '../visas/testing';
import { analyseRisk } from '../visas';
import { DEMO_MERCHANTS, DEMO_TRAVELER_GREEN, demoTravelerCopy, seedDemo } from './seed';

describeEachDatabase('the demo data', ({ build, database }) => {
  let app: ReturnType<typeof build>;
  before(async () => {
    app = build();
    await app.ready();
  });

  it('gives the demo traveler an invoice in every state of docs/domain.md, once', async () => {
    const db = database().db;
    await seedDemo(db);
    const again = await seedDemo(db);
    assert.deepEqual(again, { travelersCreated: 0, merchantsCreated: false, visasCreated: false });

    const traveler = await db
      .selectFrom('traveler')
      .select('id')
      .where('email', '=', DEMO_TRAVELER.email)
      .executeTakeFirstOrThrow();
    const { invoicesPerYear } = await createInvoiceService(db).perYear(traveler.id, 'TUTTE', 'EN');
    const invoices = invoicesPerYear.flatMap((year) => year.listInvoicesPerYear);
    assert.equal(invoices.length, 12);
    assert.ok(invoicesPerYear.length >= 2, 'over this year and the last');
    const labels = new Set(invoices.map((invoice) => invoice.stateDescription));
    assert.deepEqual([...labels].sort(), [
      'Available',
      'Customs check required',
      'In completion',
      'In progress',
      'Not selected by customs',
      'Visa denied',
      'Visa granted',
    ]);
    assert.deepEqual(
      [...new Set(invoices.map((invoice) => invoice.stateCode))].sort((a, b) => a - b),
      [1, 10, 20, 30, 40, 50, 90, 100],
    );
    // A granted invoice has its release; one in completion gets it when the QR passes the exit point.
    for (const invoice of invoices.filter((item) => item.stateCode === 100 && !item.inCompletion))
      assert.ok(invoice.codeRelease && invoice.dateRelease && invoice.codeCustomsOffice);
  });

  it('backs the invoices in a request with visa requests in every state, and the demo exit point', async () => {
    const db = database().db;
    const traveler = await db
      .selectFrom('traveler')
      .select('id')
      .where('email', '=', DEMO_TRAVELER.email)
      .executeTakeFirstOrThrow();
    const visas = await db
      .selectFrom('visa_request')
      .select(['state_code', 'risk_result'])
      .where('traveler_id', '=', traveler.id)
      .execute();
    assert.deepEqual(
      [...new Set(visas.map((visa) => visa.state_code))].sort((a, b) => a - b),
      [1, 10, 20, 50, 100],
    );
    // No invoice of the demo traveler is in progress without a pending request holding it.
    const orphans = await db
      .selectFrom('invoice as i')
      .select('i.id')
      .where('i.document_number', '=', DEMO_TRAVELER.numeroDocumento)
      .where('i.state_code', 'in', [40, 90])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('visa_request_invoice as v')
              .select('v.invoice_id')
              .whereRef('v.invoice_id', '=', 'i.id')
              .where('v.released_at', 'is', null),
          ),
        ),
      )
      .execute();
    assert.deepEqual(orphans, []);
    const clients = await db.selectFrom('exit_point_client').select('kind').execute();
    assert.deepEqual([...new Set(clients.map((client) => client.kind))].sort(), ['KIOSK', 'OFFICER']);
  });

  it('gives a newcomer a pending request that a kiosk scan lets through the green channel', async () => {
    const db = database().db;
    const aiko = await db
      .selectFrom('traveler')
      .select('id')
      .where('email', '=', DEMO_TRAVELER_GREEN.email)
      .executeTakeFirstOrThrow();
    const pending = await db
      .selectFrom('visa_request')
      .select('id')
      .where('traveler_id', '=', aiko.id)
      .where('state_code', '=', 1)
      .execute();
    assert.equal(pending.length, 1);
    // Her invoice is hers (the document of her account) and held by the request.
    const invoices = await createInvoiceService(db).perYear(aiko.id, 'TUTTE', 'EN');
    assert.deepEqual(
      invoices.invoicesPerYear.flatMap((year) => year.listInvoicesPerYear.map((invoice) => invoice.stateCode)),
      [90],
    );
    // Scanned at the kiosk, outside the random sample: green, the visa granted at once.
    const outcome = await analyseRisk(db, pending[0]!.id, 'KIOSK', await exitActor(db), { random: () => 0.99 });
    assert.deepEqual(outcome, { stateCode: 100, light: 1 });
    // The first demo traveler's history sends the same scan to a customs check.
    const mario = await db
      .selectFrom('traveler')
      .select('id')
      .where('email', '=', DEMO_TRAVELER.email)
      .executeTakeFirstOrThrow();
    const marios = await db
      .selectFrom('visa_request')
      .select('id')
      .where('traveler_id', '=', mario.id)
      .where('state_code', '=', 1)
      .executeTakeFirstOrThrow();
    assert.notEqual((await analyseRisk(db, marios.id, 'KIOSK', await exitActor(db), { random: () => 0.99 })).light, 1);
  });

  it('makes copies of the first traveler with the same history and codes of their own, once', async () => {
    const db = database().db;
    const first = await seedDemo(db, { copies: 2 });
    assert.equal(first.travelersCreated, 2);
    assert.deepEqual(await seedDemo(db, { copies: 2 }), {
      travelersCreated: 0,
      merchantsCreated: false,
      visasCreated: false,
    });
    const copy = demoTravelerCopy(2);
    assert.equal(copy.email, 'mario.rossi.2@example.com');
    assert.notEqual(copy.numeroDocumento, DEMO_TRAVELER.numeroDocumento);
    const { id } = await db
      .selectFrom('traveler')
      .select('id')
      .where('email', '=', copy.email)
      .executeTakeFirstOrThrow();
    const { invoicesPerYear } = await createInvoiceService(db).perYear(id, 'TUTTE', 'EN');
    const invoices = invoicesPerYear.flatMap((year) => year.listInvoicesPerYear);
    assert.equal(invoices.length, 12);
    assert.deepEqual(
      [...new Set(invoices.map((invoice) => invoice.stateCode))].sort((a, b) => a - b),
      [1, 10, 20, 30, 40, 50, 90, 100],
    );
    const visas = await db.selectFrom('visa_request').select('state_code').where('traveler_id', '=', id).execute();
    assert.deepEqual(
      [...new Set(visas.map((visa) => visa.state_code))].sort((a, b) => a - b),
      [1, 10, 20, 50, 100],
    );
    const codes = await db.selectFrom('visa_request').select('request_code').execute();
    assert.equal(new Set(codes.map((row) => row.request_code)).size, codes.length);
    assert.ok(codes.some((row) => row.request_code.includes('-D002')));
    assert.throws(() => demoTravelerCopy(0), RangeError);
  });

  it('publishes merchant keys that work', async () => {
    for (const merchant of DEMO_MERCHANTS) {
      const row = await database()
        .db.selectFrom('merchant')
        .select('kind')
        .where('api_key_hash', '=', hashApiKey(merchant.apiKey))
        .executeTakeFirst();
      assert.equal(row?.kind, merchant.kind);
    }
  });

  it('gives the demo traveler an open claim about a mistyped invoice, which the demo vendor’s key reissues', async () => {
    const db = database().db;
    const claims = await db
      .selectFrom('claim as c')
      .innerJoin('traveler as t', 't.id', 'c.traveler_id')
      .select(['c.code', 'c.state'])
      .where('t.email', '=', DEMO_TRAVELER.email)
      .execute();
    assert.deepEqual(
      claims.map((claim) => claim.state),
      ['OPEN'],
    );
    const code = claims[0]!.code;
    assert.match(code, /^CL-\d{4}-DEMO0001$/);
    const vendorKey = { 'x-api-key': DEMO_MERCHANTS[0].apiKey };
    const read = await app.inject({ method: 'GET', url: `/api/v1/merchant/claims/${code}`, headers: vendorKey });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json().invoice.stateCode, 1);
    const contact = await app.inject({ method: 'GET', url: '/api/v1/merchant/contact', headers: vendorKey });
    assert.deepEqual(contact.json(), DEMO_MERCHANTS[0].contact);
    const reissued = await app.inject({
      method: 'POST',
      url: `/api/v1/merchant/claims/${code}/reissue`,
      headers: vendorKey,
      payload: { invoiceNumber: 'BM-0419-R', creditNoteNumber: 'NC-0419' },
    });
    assert.equal(reissued.statusCode, 200, reissued.body);
    const traveler = await db
      .selectFrom('traveler')
      .select('id')
      .where('email', '=', DEMO_TRAVELER.email)
      .executeTakeFirstOrThrow();
    const invoices = await createInvoiceService(db).usable(traveler.id, 'EN');
    assert.ok(invoices.invoices.some((invoice) => invoice.invoiceNumber === 'BM-0419-R'));
  });
});
