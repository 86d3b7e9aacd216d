import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { SERVER_LANGUAGES, type Invoice, addDays, romeToday } from '@varco/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';
import { createMerchantService } from '../merchants';
import { createInvoiceRepository } from './repository';

const BASE = '/api/v1/private/invoices';

let sequence = 0;

describeEachDatabase('the traveler’s invoices', ({ build, database }) => {
  let app: TestApp;
  let vendorKey: string;

  before(async () => {
    app = build();
    await app.ready();
    const merchants = createMerchantService(database().db);
    vendorKey = (
      await merchants.createMerchant({
        kind: 'VENDOR',
        name: 'Gioielleria Roma S.r.l.',
        vatNumber: `IT-INV-${process.pid}`,
      })
    ).apiKey;
  });

  /** Issues an invoice through the merchant intake for the holder of `document`; returns its refund id. */
  async function issue(document: SignedInTraveler['document'], issueDate: string, totalAmount = 100): Promise<number> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/merchant/invoices',
      headers: { 'x-api-key': vendorKey },
      payload: {
        invoiceNumber: `R-${process.pid}-${++sequence}`,
        issueDate,
        totalAmount,
        vatAmount: 18.03,
        traveler: { name: 'Grace Hopper', document },
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json().refundId;
  }

  const setState = (
    refundId: number,
    values: {
      state_code: number;
      in_completion?: boolean;
      release_date?: string;
      release_code?: string;
      customs_office?: string;
    },
  ) => database().db.updateTable('invoice').set(values).where('id', '=', refundId).execute();

  const get = (traveler: SignedInTraveler | null, url: string, language = 'EN') =>
    app.inject({
      method: 'GET',
      url: `${BASE}${url}`,
      headers: { 'accept-language': language, ...(traveler ? { cookie: traveler.cookie } : {}) },
    });

  const today = () => romeToday();

  it('answers 401 without a session', async () => {
    for (const url of [
      '/latest',
      '/usable',
      '/detail?idRichiestaRimborso=1',
      '',
      '/downloadRelease?idRichiestaRimborso=1',
    ]) {
      assert.equal((await get(null, url)).statusCode, 401, url);
    }
  });

  it('gives a traveler the invoices issued on their document, before and after they registered', async () => {
    const document = { type: 'PASSAPORTO', country: 'CA', number: `CA${process.pid}${++sequence}` };
    const before = await issue(document, addDays(today(), -3));
    const traveler = await signedInTraveler(database().db, { country: document.country, number: document.number });
    const after = await issue(document, addDays(today(), -1));
    // Another document: never theirs.
    await issue({ ...document, number: `${document.number}9` }, today());

    const response = await get(traveler, '/latest?limit=4&page=0');
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const body = response.json() as { invoices: Invoice[]; links: { totalItems: number } };
    assert.deepEqual(
      body.invoices.map((invoice) => invoice.idRichiestaRimborso),
      [after, before],
    );
    assert.equal(body.links.totalItems, 2);
    const [latest] = body.invoices;
    assert.equal(latest?.vendorName, 'Gioielleria Roma S.r.l.');
    assert.equal(latest?.stateDescription, 'Available');
    assert.equal(latest?.inCompletion, false);
    assert.match(latest?.requestCode ?? '', /^TF-/);
  });

  it('pages the latest invoices, newest first', async () => {
    const traveler = await signedInTraveler(database().db);
    const ids = [];
    for (let day = 6; day >= 1; day -= 1) ids.push(await issue(traveler.document, addDays(today(), -day)));
    const newestFirst = [...ids].reverse();
    const first = (await get(traveler, '/latest?limit=4&page=0')).json();
    const second = (await get(traveler, '/latest?limit=4&page=1')).json();
    assert.deepEqual(
      first.invoices.map((invoice: Invoice) => invoice.idRichiestaRimborso),
      newestFirst.slice(0, 4),
    );
    assert.deepEqual(
      second.invoices.map((invoice: Invoice) => invoice.idRichiestaRimborso),
      newestFirst.slice(4),
    );
    assert.equal(second.links.totalItems, 6);
    assert.equal((await get(traveler, '/latest?limit=0')).statusCode, 400);
  });

  it('filters by tab and groups per year, the latest year first', async () => {
    const traveler = await signedInTraveler(database().db);
    const available = await issue(traveler.document, addDays(today(), -2));
    const granted = await issue(traveler.document, addDays(today(), -4));
    const inRequest = await issue(traveler.document, addDays(today(), -5));
    const notSelected = await issue(traveler.document, addDays(today(), -6));
    const check = await issue(traveler.document, addDays(today(), -7));
    await setState(granted, { state_code: 100, in_completion: true });
    await setState(inRequest, { state_code: 90 });
    await setState(notSelected, { state_code: 50 });
    await setState(check, { state_code: 40 });
    // An invoice of last year (written directly: the intake refuses one past its exit deadline).
    const lastYear = `${Number(today().slice(0, 4)) - 1}-06-15`;
    await database()
      .db.updateTable('invoice')
      .set({ emission_date: lastYear, state_code: 10 })
      .where('id', '=', notSelected)
      .execute();

    const ids = async (filter: string) => {
      const response = await get(traveler, `?statoFattura=${filter}`, 'IT');
      assert.equal(response.statusCode, 200);
      return (response.json().invoicesPerYear as Array<{ year: number; listInvoicesPerYear: Invoice[] }>).map(
        ({ year, listInvoicesPerYear }) => [year, listInvoicesPerYear.map((invoice) => invoice.idRichiestaRimborso)],
      );
    };
    const thisYear = Number(addDays(today(), -7).slice(0, 4));
    const years = (map: Array<[number, number[]]>) => map;
    // Invoices issued up to a week ago: usually this year, early in January partly last year.
    const all = await ids('TUTTE');
    assert.deepEqual(
      all.flatMap(([, list]) => list),
      [available, granted, inRequest, check, notSelected].filter((id) => id !== undefined),
    );
    assert.equal(all.at(-1)?.[0], Number(lastYear.slice(0, 4)));
    assert.ok((all[0]?.[0] as number) >= thisYear);
    assert.deepEqual(
      (await ids('SOLO_EMESSE')).flatMap(([, list]) => list),
      [available],
    );
    assert.deepEqual(
      years((await ids('SOLO_COMPLETATE')) as Array<[number, number[]]>).flatMap(([, list]) => list),
      [granted, notSelected],
    );
    assert.equal((await get(traveler, '?statoFattura=QUALCUNA')).statusCode, 400);

    const detail = (await get(traveler, `/detail?idRichiestaRimborso=${granted}`, 'IT')).json();
    assert.equal(detail.stateDescription, 'In completamento');
    assert.equal(detail.inCompletion, true);
  });

  it('offers the wizard and the Available tab only available invoices within their exit deadline', async () => {
    const traveler = await signedInTraveler(database().db);
    const fresh = await issue(traveler.document, today());
    const taken = await issue(traveler.document, addDays(today(), -1));
    const expired = await issue(traveler.document, addDays(today(), -2));
    await setState(taken, { state_code: 90 });
    await database()
      .db.updateTable('invoice')
      .set({ emission_date: addDays(today(), -130), state_code: 30 })
      .where('id', '=', expired)
      .execute();

    const body = (await get(traveler, '/usable?language=EN')).json();
    assert.deepEqual(
      body.invoices.map((invoice: Invoice) => invoice.idRichiestaRimborso),
      [fresh],
    );
    assert.equal(body.links.totalItems, 1);
    assert.ok(body.invoices[0].exitDeadline >= today());

    // The Available tab lists the same invoices: one past its exit deadline cannot go into a request.
    const tab = (await get(traveler, '?statoFattura=SOLO_EMESSE')).json() as {
      invoicesPerYear: Array<{ listInvoicesPerYear: Invoice[] }>;
    };
    assert.deepEqual(
      tab.invoicesPerYear.flatMap((year) => year.listInvoicesPerYear.map((invoice) => invoice.idRichiestaRimborso)),
      [fresh],
    );
    // It is still one of the traveler's invoices, in the All tab.
    const all = (await get(traveler, '?statoFattura=TUTTE')).json() as {
      invoicesPerYear: Array<{ listInvoicesPerYear: Invoice[] }>;
    };
    assert.ok(
      all.invoicesPerYear.some((year) =>
        year.listInvoicesPerYear.some((invoice) => invoice.idRichiestaRimborso === expired),
      ),
    );
  });

  it('shows one invoice with every field, and answers 404 for another traveler’s', async () => {
    const traveler = await signedInTraveler(database().db);
    const other = await signedInTraveler(database().db);
    const issueDate = addDays(today(), -3);
    const refundId = await issue(traveler.document, issueDate, 1234.56);
    await setState(refundId, {
      state_code: 100,
      release_date: '2026-02-03T09:15:00Z',
      release_code: '26ITV0000001',
      customs_office: 'IT277100',
    });

    const response = await get(traveler, `/detail?idRichiestaRimborso=${refundId}&language=IT`, 'EN');
    assert.equal(response.statusCode, 200);
    const invoice = response.json() as Invoice;
    const [year, month] = issueDate.split('-').map(Number) as [number, number];
    assert.deepEqual(invoice, {
      invoiceNumber: invoice.invoiceNumber,
      idRichiestaRimborso: refundId,
      emissionDate: issueDate,
      vendorName: 'Gioielleria Roma S.r.l.',
      totalAmount: 1234.56,
      ivaAmount: 18.03,
      brokerName: null,
      requestCode: invoice.requestCode,
      codeCustomsOffice: 'IT277100',
      dateRelease: '2026-02-03T09:15:00.000Z',
      codeRelease: '26ITV0000001',
      stateCode: 100,
      // The language of the query wins over Accept-Language (docs/calls.md).
      stateDescription: 'Vistata',
      inCompletion: false,
      exitDeadline: new Date(Date.UTC(year, month + 3, 0)).toISOString().slice(0, 10),
    });

    const foreign = await get(other, `/detail?idRichiestaRimborso=${refundId}`);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().detail, 'Invoice not found.');
    assert.equal((await get(other, `/downloadRelease?idRichiestaRimborso=${refundId}`)).statusCode, 404);
    assert.equal((await get(traveler, '/detail?idRichiestaRimborso=abc')).statusCode, 400);
    assert.equal((await get(traveler, '/detail?idRichiestaRimborso=999999999')).statusCode, 404);
  });

  it('hides an invoice cancelled by a credit note', async () => {
    const traveler = await signedInTraveler(database().db);
    const refundId = await issue(traveler.document, today());
    const note = await app.inject({
      method: 'POST',
      url: `/api/v1/merchant/invoices/${refundId}/credit-note`,
      headers: { 'x-api-key': vendorKey },
      payload: { creditNoteNumber: `NC-${refundId}`, issueDate: today() },
    });
    assert.equal(note.statusCode, 200);
    assert.equal((await get(traveler, `/detail?idRichiestaRimborso=${refundId}`)).statusCode, 404);
    assert.equal((await get(traveler, '/latest')).json().links.totalItems, 0);
  });

  it('downloads the release PDF in the language asked for, named in content-disposition', async () => {
    const traveler = await signedInTraveler(database().db);
    const refundId = await issue(traveler.document, addDays(today(), -2), 1234.56);
    await setState(refundId, {
      state_code: 100,
      release_date: '2026-02-03T09:15:00Z',
      release_code: '26ITV0000042',
      customs_office: 'IT078100',
    });

    const text = async (language: string) => {
      const response = await get(traveler, `/downloadRelease?idRichiestaRimborso=${refundId}&language=${language}`);
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'application/pdf');
      assert.equal(response.headers['content-disposition'], `attachment; filename="invoice-release-${refundId}.pdf"`);
      assert.equal(response.rawPayload.subarray(0, 5).toString(), '%PDF-');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), {
        mergePages: true,
      });
      return text;
    };
    const italian = await text('IT');
    assert.match(italian, /1\.234,56/);
    assert.match(italian, /26ITV0000042/);
    assert.match(italian, /IT078100/);
    assert.match(italian, /Passaporto/);
    assert.match(italian, new RegExp(traveler.document.number, 'i'));
    const english = await text('EN');
    assert.match(english, /1,234\.56/);
    assert.match(english, /Passport/);
    assert.match(english, /Visa granted/);
  });

  it("labels the holder's document for the release PDF in each of the twelve languages", async () => {
    const traveler = await signedInTraveler(database().db, { country: 'JP' });
    const refundId = await issue(traveler.document, addDays(today(), -2));
    const repository = createInvoiceRepository(database().db);
    const labels = async (language: (typeof SERVER_LANGUAGES)[number]) => {
      const row = (await repository.withHolder(traveler.id, refundId, language))!;
      return [row.document_type_label, row.document_country_label];
    };
    assert.deepEqual(await labels('IT'), ['Passaporto', 'Giappone']);
    assert.deepEqual(await labels('EN'), ['Passport', 'Japan']);
    assert.deepEqual(await labels('FR'), ['Passeport', 'Japon']);
    assert.deepEqual(await labels('ZH-HANS'), ['护照', '日本']);
    assert.deepEqual(await labels('AR'), ['جواز سفر', 'اليابان']);
    assert.deepEqual(await labels('RU'), ['Паспорт', 'Япония']);
    for (const language of SERVER_LANGUAGES) assert.ok((await labels(language)).every(Boolean), language);
    // Another traveler's invoice is not found in any language.
    const other = await signedInTraveler(database().db);
    assert.equal(await repository.withHolder(other.id, refundId, 'FR'), undefined);
  });
});
