import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { addDays, romeToday } from '@varco/contracts';
import { createMerchantService } from './service';

const INVOICES = '/api/v1/merchant/invoices';

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

describeEachDatabase('merchant intake', ({ build, database }) => {
  let app: TestApp;
  let vendorKey: string;
  let brokerKey: string;
  let vendorVat: string;

  before(async () => {
    app = build();
    await app.ready();
    const merchants = createMerchantService(database().db);
    vendorVat = unique('IT-V');
    vendorKey = (await merchants.createMerchant({ kind: 'VENDOR', name: 'Negozio Test S.r.l.', vatNumber: vendorVat }))
      .apiKey;
    brokerKey = (
      await merchants.createMerchant({ kind: 'BROKER', name: 'Broker Test S.p.A.', vatNumber: unique('IT-B') })
    ).apiKey;
  });

  const today = () => romeToday();
  const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
    invoiceNumber: unique('FT'),
    issueDate: addDays(today(), -1),
    totalAmount: 150.5,
    vatAmount: 27.14,
    traveler: { name: 'Grace Hopper', document: { type: 'PASSAPORTO', country: 'US', number: 'ab 123 456' } },
    ...overrides,
  });
  const issue = (body: unknown, key = vendorKey, language = 'EN') =>
    app.inject({
      method: 'POST',
      url: INVOICES,
      headers: { 'x-api-key': key, 'accept-language': language },
      payload: body as object,
    });

  it('refuses a call without a key, or with an unknown one', async () => {
    for (const headers of [{}, { 'x-api-key': 'vk_not-a-key' }]) {
      const response = await app.inject({ method: 'POST', url: INVOICES, headers, payload: invoiceBody() });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().detail, 'Missing or unknown API key.');
    }
  });

  it('issues an invoice with a refund id and a request code, and reads it back', async () => {
    const body = invoiceBody({ issueDate: today() });
    const response = await issue(body, vendorKey, 'IT');
    assert.equal(response.statusCode, 201, response.body);
    const invoice = response.json();
    assert.ok(Number.isInteger(invoice.refundId) && invoice.refundId > 0);
    assert.match(invoice.requestCode, /^TF-\d{4}-[A-HJ-NP-Z2-9]{8}$/);
    assert.equal(response.headers.location, `${INVOICES}/${invoice.refundId}`);
    assert.deepEqual(
      { ...invoice, refundId: 0, requestCode: '' },
      {
        refundId: 0,
        requestCode: '',
        invoiceNumber: body.invoiceNumber,
        issueDate: body.issueDate,
        vendorVatNumber: vendorVat,
        vendorName: 'Negozio Test S.r.l.',
        brokerName: null,
        totalAmount: 150.5,
        vatAmount: 27.14,
        exitDeadline: invoice.exitDeadline,
        stateCode: 1,
        stateDescription: 'Disponibile',
        release: null,
        cancelled: null,
      },
    );
    const [year, month] = body.issueDate.split('-').map(Number) as [number, number];
    assert.equal(invoice.exitDeadline, new Date(Date.UTC(year, month + 3, 0)).toISOString().slice(0, 10));

    const read = await app.inject({
      method: 'GET',
      url: `${INVOICES}/${invoice.refundId}`,
      headers: { 'x-api-key': vendorKey },
    });
    assert.equal(read.statusCode, 200);
    assert.equal(read.json().requestCode, invoice.requestCode);
    // Stored as on the document, without spaces and in upper case.
    const stored = await database()
      .db.selectFrom('invoice')
      .select('document_number')
      .where('id', '=', invoice.refundId)
      .executeTakeFirstOrThrow();
    assert.equal(stored.document_number, 'AB123456');
  });

  it('checks the business rules, with one translated message per field', async () => {
    const response = await issue(
      invoiceBody({
        totalAmount: 70,
        vatAmount: -1,
        issueDate: addDays(today(), 1),
        traveler: { name: 'Grace Hopper', document: { type: 'NOPE', country: 'ZZ', number: 'AB1' } },
      }),
      vendorKey,
      'IT',
    );
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), {
      detail: 'Alcuni dati della richiesta non sono validi.',
      extra: {
        totalAmount: 'Ogni fattura deve superare 70 euro',
        vatAmount: 'Deve essere almeno 0',
        issueDate: 'La data non può essere nel futuro',
        'traveler.document.type': 'Tipo di documento sconosciuto',
        'traveler.document.country': 'Paese sconosciuto',
      },
    });

    const more = await issue(
      invoiceBody({ totalAmount: 100.123, vatAmount: 100.5, issueDate: addDays(today(), -200) }),
    );
    assert.equal(more.statusCode, 400);
    const extra = more.json().extra;
    assert.equal(extra.totalAmount, 'At most two decimal places');
    assert.match(
      extra.issueDate,
      /^The deadline for leaving the EU with these goods \(\d{4}-\d{2}-\d{2}\) has already passed$/,
    );

    const vat = await issue(invoiceBody({ totalAmount: 100, vatAmount: 100 }));
    assert.equal(vat.json().extra.vatAmount, 'The VAT must be less than the total amount');

    const bad = await issue(invoiceBody({ issueDate: '2026-02-30' }));
    assert.equal(bad.json().extra.issueDate, 'Invalid date (expected YYYY-MM-DD)');
  });

  it('requires the traveler’s document', async () => {
    const response = await issue(invoiceBody({ traveler: { name: 'Grace Hopper' } }));
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().extra['traveler.document'], 'Required field');
    const empty = await issue(
      invoiceBody({ traveler: { name: 'Grace Hopper', document: { type: 'PASSAPORTO', country: 'US', number: ' ' } } }),
    );
    assert.equal(empty.statusCode, 400);
    assert.ok(empty.json().extra['traveler.document.number']);
  });

  it('refuses a second invoice with the same number from the same vendor in the same year', async () => {
    const body = invoiceBody();
    assert.equal((await issue(body)).statusCode, 201);
    const again = await issue({ ...body, invoiceNumber: body.invoiceNumber.toLowerCase() });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().detail, 'The vendor has already issued an invoice with this number this year.');
    // Another vendor may use the same number.
    const brokered = await issue(
      { ...body, vendor: { vatNumber: unique('IT-OTHER'), name: 'Altro Negozio' } },
      brokerKey,
    );
    assert.equal(brokered.statusCode, 201);
  });

  it('lets a broker issue for a vendor it names, and a vendor only for itself', async () => {
    const missing = await issue(invoiceBody(), brokerKey);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().extra.vendor, 'A broker must name the vendor of the invoice.');

    const brokered = await issue(
      invoiceBody({ vendor: { vatNumber: 'IT04455667781', name: 'Pelletteria Fiorentina' } }),
      brokerKey,
    );
    assert.equal(brokered.statusCode, 201);
    assert.equal(brokered.json().brokerName, 'Broker Test S.p.A.');
    assert.equal(brokered.json().vendorName, 'Pelletteria Fiorentina');

    const foreign = await issue(invoiceBody({ vendor: { vatNumber: 'IT99999999999', name: 'Someone Else' } }));
    assert.equal(foreign.statusCode, 400);
    assert.equal(foreign.json().extra['vendor.vatNumber'], 'This field cannot be changed');
  });

  it('shows a merchant only the invoices it sent', async () => {
    const issued = (await issue(invoiceBody())).json();
    const response = await app.inject({
      method: 'GET',
      url: `${INVOICES}/${issued.refundId}`,
      headers: { 'x-api-key': brokerKey },
    });
    assert.equal(response.statusCode, 404);
    const note = await app.inject({
      method: 'POST',
      url: `${INVOICES}/${issued.refundId}/credit-note`,
      headers: { 'x-api-key': brokerKey },
      payload: { creditNoteNumber: 'NC-1', issueDate: today() },
    });
    assert.equal(note.statusCode, 404);
  });

  it('cancels an available invoice with a credit note, once', async () => {
    const issued = (await issue(invoiceBody({ issueDate: addDays(today(), -2) }))).json();
    const creditNote = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `${INVOICES}/${issued.refundId}/credit-note`,
        headers: { 'x-api-key': vendorKey },
        payload,
      });

    const early = await creditNote({ creditNoteNumber: 'NC-7', issueDate: addDays(today(), -3) });
    assert.equal(early.statusCode, 400);
    assert.equal(early.json().extra.issueDate, 'The date cannot precede the invoice date');

    const response = await creditNote({ creditNoteNumber: 'NC-7', issueDate: today() });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().cancelled.creditNoteNumber, 'NC-7');

    const again = await creditNote({ creditNoteNumber: 'NC-8', issueDate: today() });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().detail, 'The invoice has already been cancelled by a credit note.');
  });

  it('refuses to cancel an invoice already in a visa request', async () => {
    const issued = (await issue(invoiceBody())).json();
    await database().db.updateTable('invoice').set({ state_code: 90 }).where('id', '=', issued.refundId).execute();
    const response = await app.inject({
      method: 'POST',
      url: `${INVOICES}/${issued.refundId}/credit-note`,
      headers: { 'x-api-key': vendorKey },
      payload: { creditNoteNumber: 'NC-9', issueDate: today() },
    });
    assert.equal(response.statusCode, 409);
    assert.equal(response.json().detail, 'Only an invoice not yet in a visa request can be cancelled.');
  });

  it('tells the merchant the visa release once customs has granted it', async () => {
    const issued = (await issue(invoiceBody())).json();
    await database()
      .db.updateTable('invoice')
      .set({
        state_code: 100,
        release_date: '2026-03-01T10:00:00Z',
        release_code: '26ITV000123',
        customs_office: 'IT277100',
      })
      .where('id', '=', issued.refundId)
      .execute();
    const response = await app.inject({
      method: 'GET',
      url: `${INVOICES}/${issued.refundId}`,
      headers: { 'x-api-key': vendorKey },
    });
    assert.equal(response.json().stateDescription, 'Visa granted');
    assert.deepEqual(response.json().release, {
      date: '2026-03-01T10:00:00.000Z',
      code: '26ITV000123',
      customsOffice: 'IT277100',
    });
  });

  it('documents the intake in the OpenAPI description', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    assert.ok(document.paths['/api/v1/merchant/invoices'].post);
    assert.ok(document.paths['/api/v1/merchant/invoices/{refundId}/credit-note'].post);
    assert.equal(document.components.securitySchemes.merchantApiKey.name, 'x-api-key');
  });
});
