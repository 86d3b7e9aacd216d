import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { addDays, exitDeadline, romeToday } from '@varco/contracts';
import type { Claim } from '@varco/contracts/claims';
import { describeEachDatabase, logCollector, type TestApp } from '../../test/app';
import { raceRounds } from '../../test/races';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';
import { createMerchantService } from '../merchants';
import { validTravel } from '../visas/testing';

const PRIVATE = '/api/v1/private';
const CLAIMS = `${PRIVATE}/claims`;
const MERCHANT = '/api/v1/merchant';

let sequence = 0;
const unique = (prefix: string) => `${prefix}${process.pid}${(sequence += 1)}`;

interface Merchant {
  key: string;
  vatNumber: string;
  name: string;
}

describeEachDatabase('claims to merchants', ({ build, database, postgresOnly }) => {
  let app: TestApp;
  // The errors the api logs, told by a test whose answer was a 5xx (the answer itself never says why).
  const logs = logCollector();
  let vendor: Merchant;
  let broker: Merchant;
  let brokered: { vatNumber: string; name: string };
  let otherVendor: Merchant;

  const db = () => database().db;
  const today = () => romeToday();

  /** A merchant of its own, told of claims at `contact` in `language`. */
  async function merchant(kind: 'VENDOR' | 'BROKER', name: string, contact: string | null, language = 'IT') {
    const vatNumber = unique('IT');
    const { apiKey } = await createMerchantService(db()).createMerchant({ kind, name, vatNumber });
    const set = await app.inject({
      method: 'PUT',
      url: `${MERCHANT}/contact`,
      headers: { 'x-api-key': apiKey },
      payload: { email: contact, language },
    });
    assert.equal(set.statusCode, 200, set.body);
    return { key: apiKey, vatNumber, name };
  }

  before(async () => {
    app = build(
      { logLevel: 'error' },
      { visaExpiry: { enabled: false }, deadlineReminders: { enabled: false }, logStream: logs.stream },
    );
    await app.ready();
    const suffix = unique('');
    vendor = await merchant('VENDOR', `Boutique Reclami ${suffix} S.r.l.`, `claims.${suffix}@vendor.example.org`, 'IT');
    broker = await merchant('BROKER', `Rimborsi Rapidi ${suffix} S.p.A.`, `desk.${suffix}@broker.example.org`, 'EN');
    brokered = { vatNumber: unique('IT'), name: `Pelletteria Reclami ${suffix}` };
    otherVendor = await merchant('VENDOR', `Altro Negozio ${suffix}`, null);
  });

  /** An invoice the merchant issues through its intake to `document` (a mistyped one, say). */
  async function issue(
    by: Merchant,
    document: { type: string; country: string; number: string },
    overrides: Record<string, unknown> = {},
  ) {
    const response = await app.inject({
      method: 'POST',
      url: `${MERCHANT}/invoices`,
      headers: { 'x-api-key': by.key },
      payload: {
        invoiceNumber: unique('FT-'),
        issueDate: addDays(today(), -3),
        totalAmount: 420.5,
        vatAmount: 75.83,
        traveler: { name: 'Grace Hopper', document },
        ...(by === broker ? { vendor: brokered } : {}),
        ...overrides,
      },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json<{ refundId: number; invoiceNumber: string; issueDate: string; totalAmount: number }>();
  }

  const mistyped = (traveler: SignedInTraveler) => ({ ...traveler.document, number: `${traveler.document.number}9` });

  const asTraveler = (
    traveler: SignedInTraveler,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    language = 'EN',
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie: traveler.cookie, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const claimMissing = (traveler: SignedInTraveler, body: Record<string, unknown>, language = 'EN') =>
    asTraveler(traveler, 'POST', `${CLAIMS}/missing-invoice`, body, language);
  const claimWrong = (traveler: SignedInTraveler, body: Record<string, unknown>, language = 'EN') =>
    asTraveler(traveler, 'POST', `${CLAIMS}/wrong-invoice`, body, language);

  /** The receipt of an invoice, as the traveler types it into the claim of a missing one. */
  const receipt = (invoice: { invoiceNumber: string; issueDate: string; totalAmount: number }, shop = vendor) => ({
    shopVatNumber: shop.vatNumber,
    invoiceNumber: invoice.invoiceNumber.toLowerCase(),
    issueDate: invoice.issueDate,
    totalAmount: invoice.totalAmount,
  });

  async function sent(response: Awaited<ReturnType<typeof claimMissing>>): Promise<Claim> {
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    return response.json<Claim>();
  }

  const asMerchant = (by: Merchant, method: 'GET' | 'POST', url: string, payload?: unknown, language = 'EN') =>
    app.inject({
      method,
      url: `${MERCHANT}/claims${url}`,
      headers: { 'x-api-key': by.key, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const mailsTo = (recipient: string) =>
    db()
      .selectFrom('mail_outbox')
      .select(['template', 'language', 'subject', 'text_body', 'html_body'])
      .where('recipient', '=', recipient)
      .orderBy('id')
      .execute();

  const notificationsOf = (traveler: SignedInTraveler) =>
    db()
      .selectFrom('notification')
      .select(['kind', 'params', 'invoice_id'])
      .where('traveler_id', '=', traveler.id)
      .where('kind', 'like', 'CLAIM_%')
      .orderBy('id')
      .execute();

  it('finds the shops by a part of their name or VAT number, a broker’s vendors with them', async () => {
    const traveler = await signedInTraveler(db());
    await issue(broker, mistyped(traveler));
    const search = async (q: string) => {
      const response = await asTraveler(traveler, 'GET', `${CLAIMS}/shops?q=${encodeURIComponent(q)}`);
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ shops: Array<{ vatNumber: string; name: string }> }>().shops;
    };
    assert.deepEqual(await search(vendor.name.slice(0, 22).toUpperCase()), [
      { vatNumber: vendor.vatNumber, name: vendor.name },
    ]);
    assert.deepEqual(await search(brokered.vatNumber.slice(2)), [brokered]);
    assert.deepEqual(await search('% _'), []);
    const short = await asTraveler(traveler, 'GET', `${CLAIMS}/shops?q=a`);
    assert.equal(short.statusCode, 400);
    assert.equal(
      (await app.inject({ method: 'GET', url: `${CLAIMS}/shops?q=boutique` })).statusCode,
      401,
      'signed-in travelers only',
    );
  });

  it('sends a claim about a missing invoice to the shop’s merchant, who reads the traveler and its own invoice', async () => {
    const traveler = await signedInTraveler(db());
    const invoice = await issue(vendor, mistyped(traveler));
    const claim = await sent(await claimMissing(traveler, { ...receipt(invoice), note: 'Receipt 0042, till 3' }));
    assert.match(claim.code, /^CL-\d{4}-[A-HJ-NP-Z2-9]{8}$/);
    assert.deepEqual(
      { ...claim, id: 0, code: '', createdAt: '' },
      {
        id: 0,
        code: '',
        kind: 'MISSING',
        state: 'OPEN',
        vendorName: vendor.name,
        invoiceNumber: invoice.invoiceNumber.toLowerCase(),
        issueDate: invoice.issueDate,
        totalAmount: 420.5,
        problem: null,
        note: 'Receipt 0042, till 3',
        invoiceId: null,
        createdAt: '',
        closedAt: null,
        declineReason: null,
        answerNote: null,
        reissuedInvoice: null,
      },
    );

    // The merchant is mailed the code and nothing personal, in its own language.
    const [mail, ...more] = await mailsTo(`claims.${vendor.name.split(' ')[2]}@vendor.example.org`);
    assert.equal(more.length, 0);
    assert.equal(mail?.template, 'claim-received');
    assert.equal(mail?.language, 'IT');
    assert.ok(mail?.subject.includes(claim.code) && mail.text_body.includes(claim.code));
    for (const personal of ['Grace', 'Hopper', traveler.document.number, invoice.invoiceNumber, '420'])
      for (const part of [mail!.subject, mail!.text_body, mail!.html_body])
        assert.ok(!part.toUpperCase().includes(personal.toUpperCase()), `the mail names ${personal}`);

    const read = await asMerchant(vendor, 'GET', `/${claim.code.toLowerCase()}`);
    assert.equal(read.statusCode, 200, read.body);
    const merchantView = read.json();
    assert.deepEqual(merchantView.traveler, {
      name: 'Grace Hopper',
      document: { ...traveler.document, number: traveler.document.number.toUpperCase() },
    });
    assert.equal(merchantView.invoice.refundId, invoice.refundId);
    assert.deepEqual(merchantView.receipt, {
      invoiceNumber: invoice.invoiceNumber.toLowerCase(),
      issueDate: invoice.issueDate,
      totalAmount: 420.5,
    });
    const open = (await asMerchant(vendor, 'GET', '')).json();
    assert.ok(open.claims.some((item: { code: string }) => item.code === claim.code));
  });

  it('answers the same whether the receipt matches an invoice, another traveler’s, or none', async () => {
    const traveler = await signedInTraveler(db());
    const holder = await signedInTraveler(db());
    const someone = await issue(vendor, holder.document);
    const none = { invoiceNumber: unique('NONE-'), issueDate: addDays(today(), -3), totalAmount: 420.5 };
    const mistypedOne = await issue(vendor, mistyped(traveler));
    const answers = [];
    for (const invoice of [mistypedOne, someone, none])
      answers.push(await sent(await claimMissing(traveler, receipt(invoice))));
    const shapes = answers.map(({ id: _id, code: _code, invoiceNumber: _number, createdAt: _at, ...rest }) => rest);
    assert.deepEqual(shapes[0], shapes[1]);
    assert.deepEqual(shapes[1], shapes[2]);
    // Nor does the list tell: another traveler's invoice stays theirs.
    const listed = (await asTraveler(traveler, 'GET', CLAIMS)).json<{ claims: Claim[] }>().claims;
    assert.ok(listed.every((claim) => claim.invoiceId === null && claim.reissuedInvoice === null));
    const theirs = await asTraveler(
      traveler,
      'GET',
      `${PRIVATE}/invoices/detail?idRichiestaRimborso=${someone.refundId}`,
    );
    assert.equal(theirs.statusCode, 404);
  });

  it('checks every field with one translated message, and refuses an unknown shop, a future day, 70 euros', async () => {
    const traveler = await signedInTraveler(db());
    const refused = await claimMissing(
      traveler,
      {
        shopVatNumber: 'IT00000000099',
        invoiceNumber: 'X',
        issueDate: addDays(today(), 1),
        totalAmount: 70,
        note: 'x'.repeat(501),
      },
      'IT',
    );
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json(), {
      detail: 'Alcuni dati della richiesta non sono validi.',
      extra: {
        invoiceNumber: 'Inserisci almeno 2 caratteri',
        issueDate: 'La data non può essere nel futuro',
        totalAmount: 'Ogni fattura deve superare 70 euro',
        note: 'Inserisci al massimo 500 caratteri',
      },
    });
    const unknownShop = await claimMissing(
      traveler,
      { shopVatNumber: 'IT00000000099', invoiceNumber: 'FT-1', issueDate: today(), totalAmount: 100 },
      'DE',
    );
    assert.equal(unknownShop.statusCode, 400);
    assert.deepEqual(unknownShop.json().extra, { shopVatNumber: 'Wählen Sie das Geschäft unter den gefundenen aus' });
    const old = addDays(today(), -200);
    const late = await claimMissing(traveler, {
      ...receipt({ invoiceNumber: 'FT-2', issueDate: old, totalAmount: 100 }),
    });
    assert.equal(
      late.json().extra.issueDate,
      `The deadline for leaving the EU with these goods (${exitDeadline(old)}) has already passed`,
    );
    const decimals = await claimMissing(traveler, {
      ...receipt({ invoiceNumber: 'FT-3', issueDate: today(), totalAmount: 100.123 }),
    });
    assert.equal(decimals.json().extra.totalAmount, 'At most two decimal places');
    assert.equal((await claimMissing(traveler, { shopVatNumber: vendor.vatNumber })).statusCode, 400);
  });

  it('refuses a claim about an invoice the traveler already has, telling whether it is in a visa request', async () => {
    const traveler = await signedInTraveler(db());
    const own = await issue(vendor, traveler.document);
    const refused = await claimMissing(traveler, receipt(own));
    assert.equal(refused.statusCode, 409);
    assert.match(refused.json().detail, /already among your invoices/);
    const created = await asTraveler(traveler, 'POST', `${PRIVATE}/visa`, {
      invoices: [own.refundId],
      travel: validTravel(),
    });
    assert.equal(created.statusCode, 200, created.body);
    const inRequest = await claimMissing(traveler, receipt(own), 'IT');
    assert.equal(inRequest.statusCode, 409);
    assert.match(inRequest.json().detail, /^Questa fattura è in una richiesta di visto/);
    const wrong = await claimWrong(traveler, { idRichiestaRimborso: own.refundId, problem: 'NAME' });
    assert.equal(wrong.statusCode, 409);
    assert.match(wrong.json().detail, /in a visa request/);
  });

  it('keeps one open claim per invoice; a withdrawn one can be sent again', async () => {
    const traveler = await signedInTraveler(db());
    const invoice = await issue(vendor, mistyped(traveler));
    const claim = await sent(await claimMissing(traveler, receipt(invoice)));
    const again = await claimMissing(traveler, { ...receipt(invoice), invoiceNumber: ` ${invoice.invoiceNumber} ` });
    assert.equal(again.statusCode, 409);
    assert.match(again.json().detail, /already have an open claim/);
    const withdrawn = await asTraveler(traveler, 'POST', `${CLAIMS}/${claim.id}/withdraw`);
    assert.equal(withdrawn.statusCode, 200, withdrawn.body);
    assert.equal(withdrawn.json().state, 'WITHDRAWN');
    assert.ok(withdrawn.json().closedAt);
    const twice = await asTraveler(traveler, 'POST', `${CLAIMS}/${claim.id}/withdraw`);
    assert.equal(twice.statusCode, 409);
    await sent(await claimMissing(traveler, receipt(invoice)));
    // The merchant cannot answer a withdrawn claim.
    const late = await asMerchant(vendor, 'POST', `/${claim.code}/decline`, { reason: 'DATA_CORRECT' });
    assert.equal(late.statusCode, 409);
  });

  it('claims that one of the traveler’s available invoices is wrong, and refuses another traveler’s as unknown', async () => {
    const traveler = await signedInTraveler(db());
    const other = await signedInTraveler(db());
    const invoice = await issue(broker, traveler.document);
    const noNote = await claimWrong(
      traveler,
      { idRichiestaRimborso: invoice.refundId, problem: 'GOODS_AMOUNTS' },
      'FR',
    );
    assert.equal(noNote.statusCode, 400);
    assert.deepEqual(noNote.json().extra, { note: 'Indiquez au magasin ce qui ne va pas' });
    const claim = await sent(
      await claimWrong(traveler, {
        idRichiestaRimborso: invoice.refundId,
        problem: 'GOODS_AMOUNTS',
        note: 'Two bags, not three',
      }),
    );
    assert.equal(claim.kind, 'WRONG');
    assert.equal(claim.invoiceId, invoice.refundId);
    assert.equal(claim.vendorName, brokered.name);
    // To the broker that issued it, in its language.
    const [mail] = await mailsTo(`desk.${broker.name.split(' ')[2]}@broker.example.org`);
    assert.equal(mail?.language, 'EN');
    assert.ok(mail?.text_body.includes(claim.code));
    const fromBroker = (await asMerchant(broker, 'GET', `/${claim.code}`)).json();
    assert.equal(fromBroker.problem, 'GOODS_AMOUNTS');
    assert.equal(fromBroker.invoice.refundId, invoice.refundId);

    for (const id of [invoice.refundId, 2_000_000_000]) {
      const refused = await claimWrong(other, { idRichiestaRimborso: id, problem: 'NAME' });
      assert.equal(refused.statusCode, 404, refused.body);
      assert.equal(refused.json().detail, 'Invoice not found.');
    }
    await db()
      .updateTable('invoice')
      .set({ state_code: 100 })
      .where('id', '=', (await issue(broker, traveler.document)).refundId)
      .execute();
    const decided = await db()
      .selectFrom('invoice')
      .select('id')
      .where('state_code', '=', 100)
      .where('document_number', '=', traveler.document.number.toUpperCase())
      .executeTakeFirstOrThrow();
    const closed = await claimWrong(traveler, { idRichiestaRimborso: decided.id, problem: 'NAME' });
    assert.equal(closed.statusCode, 409);
    assert.match(closed.json().detail, /can no longer go into a visa request/);
  });

  it('lists the traveler’s own claims, newest first, a page at a time, by invoice or state; another’s is not found', async () => {
    const traveler = await signedInTraveler(db());
    const other = await signedInTraveler(db());
    const invoices = [await issue(vendor, traveler.document), await issue(vendor, traveler.document)];
    const first = await sent(
      await claimWrong(traveler, { idRichiestaRimborso: invoices[0]!.refundId, problem: 'NAME' }),
    );
    const second = await sent(
      await claimWrong(traveler, { idRichiestaRimborso: invoices[1]!.refundId, problem: 'DOCUMENT' }),
    );
    const page = (await asTraveler(traveler, 'GET', `${CLAIMS}?limit=1`)).json();
    assert.deepEqual(
      { ids: page.claims.map((claim: Claim) => claim.id), total: page.links.totalItems },
      { ids: [second.id], total: 2 },
    );
    assert.deepEqual(
      (await asTraveler(traveler, 'GET', `${CLAIMS}?limit=1&page=1`)).json().claims.map((claim: Claim) => claim.id),
      [first.id],
    );
    const about = (await asTraveler(traveler, 'GET', `${CLAIMS}?invoice=${invoices[0]!.refundId}&state=OPEN`)).json();
    assert.deepEqual(
      about.claims.map((claim: Claim) => claim.id),
      [first.id],
    );
    assert.deepEqual((await asTraveler(other, 'GET', CLAIMS)).json(), { claims: [], links: { totalItems: 0 } });
    const foreign = await asTraveler(other, 'POST', `${CLAIMS}/${first.id}/withdraw`);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().detail, 'Claim not found.');
    assert.equal((await asTraveler(traveler, 'GET', `${CLAIMS}?state=LOST`)).statusCode, 400);
  });

  it('limits the claims of a traveler per day (429 with Retry-After, translated)', async () => {
    const limited = build({
      accountLimits: { signInFailures: 10, mailsPerHour: 5, otpMailsPerHour: 12, claimsPerDay: 2 },
    });
    await limited.ready();
    const traveler = await signedInTraveler(db());
    const post = (number: string, language = 'EN') =>
      limited.inject({
        method: 'POST',
        url: `${CLAIMS}/missing-invoice`,
        headers: { cookie: traveler.cookie, 'accept-language': language },
        payload: { shopVatNumber: otherVendor.vatNumber, invoiceNumber: number, issueDate: today(), totalAmount: 99 },
      });
    assert.equal((await post(unique('L-'))).statusCode, 201);
    assert.equal((await post(unique('L-'))).statusCode, 201);
    const refused = await post(unique('L-'), 'IT');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.ok(Number(refused.headers['retry-after']) > 23 * 3600);
    assert.equal(
      refused.json().detail,
      'Hai inviato il numero massimo di segnalazioni consentito in un giorno (2). Riprova tra 24 h.',
    );
    // Another traveler is not held back.
    const other = await signedInTraveler(db());
    const theirs = await limited.inject({
      method: 'POST',
      url: `${CLAIMS}/missing-invoice`,
      headers: { cookie: other.cookie },
      payload: {
        shopVatNumber: otherVendor.vatNumber,
        invoiceNumber: unique('L-'),
        issueDate: today(),
        totalAmount: 99,
      },
    });
    assert.equal(theirs.statusCode, 201, theirs.body);
  });

  it('reissues in one transaction: a credit note on the wrong invoice and a new one to the traveler, same issue date', async () => {
    const traveler = await signedInTraveler(db());
    const wrong = await issue(vendor, mistyped(traveler), { issueDate: addDays(today(), -20) });
    const claim = await sent(await claimMissing(traveler, receipt(wrong)));
    const number = unique('FT-R');
    const answer = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, {
      invoiceNumber: number,
      creditNoteNumber: unique('NC-'),
    });
    assert.equal(answer.statusCode, 200, answer.body);
    const { claim: closed, invoice } = answer.json();
    assert.equal(closed.state, 'REISSUED');
    assert.equal(closed.reissuedRefundId, invoice.refundId);
    assert.equal(closed.invoice.cancelled.creditNoteNumber.startsWith('NC-'), true);
    assert.deepEqual(
      [invoice.invoiceNumber, invoice.issueDate, invoice.exitDeadline, invoice.totalAmount, invoice.vatAmount],
      [number, wrong.issueDate, exitDeadline(wrong.issueDate), 420.5, 75.83],
    );
    // The traveler holds it now, and is told, in their language (the mail too).
    const usable = (await asTraveler(traveler, 'GET', `${PRIVATE}/invoices/usable`)).json();
    assert.deepEqual(
      usable.invoices.map((item: { idRichiestaRimborso: number }) => item.idRichiestaRimborso),
      [invoice.refundId],
    );
    assert.deepEqual(await notificationsOf(traveler), [
      {
        kind: 'CLAIM_REISSUED',
        params: { claimCode: claim.code, invoiceNumber: number, vendor: vendor.name },
        invoice_id: invoice.refundId,
      },
    ]);
    const [notification] = (await asTraveler(traveler, 'GET', `${PRIVATE}/notifications?language=IT`)).json()
      .notifications;
    assert.equal(
      notification.tipoNotifica.messaggio,
      `${vendor.name} ha accolto la tua segnalazione ${claim.code}: la fattura ${number} è ora tra le tue fatture, con il termine di uscita dell'originale.`,
    );
    const email = await db()
      .selectFrom('traveler')
      .select('email')
      .where('id', '=', traveler.id)
      .executeTakeFirstOrThrow();
    assert.ok((await mailsTo(email.email)).some((mail) => mail.text_body.includes(claim.code)));
    const listed = (await asTraveler(traveler, 'GET', CLAIMS)).json<{ claims: Claim[] }>().claims[0];
    assert.deepEqual(listed?.reissuedInvoice, { idRichiestaRimborso: invoice.refundId, invoiceNumber: number });
    assert.equal(listed?.state, 'REISSUED');
    // Answered once.
    const again = await asMerchant(vendor, 'POST', `/${claim.code}/decline`, { reason: 'DATA_CORRECT' });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().detail, 'This claim has already been answered or withdrawn.');
  });

  it('writes nothing of a reissue that fails: the wrong invoice stays when the new number is taken or it is in a request', async () => {
    const traveler = await signedInTraveler(db());
    const wrong = await issue(vendor, traveler.document);
    const claim = await sent(await claimWrong(traveler, { idRichiestaRimborso: wrong.refundId, problem: 'NAME' }));
    const taken = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, {
      invoiceNumber: wrong.invoiceNumber,
      creditNoteNumber: 'NC-1',
    });
    assert.equal(taken.statusCode, 409, taken.body);
    assert.equal(taken.json().detail, 'The vendor has already issued an invoice with this number this year.');
    const stands = await db()
      .selectFrom('invoice')
      .select('cancelled_at')
      .where('id', '=', wrong.refundId)
      .executeTakeFirstOrThrow();
    assert.equal(stands.cancelled_at, null);
    const noNote = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, { invoiceNumber: unique('FT-') });
    assert.equal(noNote.statusCode, 400);
    assert.deepEqual(noNote.json().extra, { creditNoteNumber: 'Required field' });
    // Meanwhile the traveler put it in a visa request: it cannot be cancelled.
    await db().updateTable('invoice').set({ state_code: 90 }).where('id', '=', wrong.refundId).execute();
    const inRequest = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, {
      invoiceNumber: unique('FT-'),
      creditNoteNumber: 'NC-2',
    });
    assert.equal(inRequest.statusCode, 409);
    assert.equal(inRequest.json().detail, 'Only an invoice not yet in a visa request can be cancelled.');
    assert.equal((await asMerchant(vendor, 'GET', `/${claim.code}`)).json().state, 'OPEN');
    assert.deepEqual(await notificationsOf(traveler), []);
  });

  it('reissues an invoice the merchant never issued through Varco with the receipt’s day and the amounts it gives', async () => {
    const traveler = await signedInTraveler(db());
    const day = addDays(today(), -5);
    const claim = await sent(
      await claimMissing(traveler, {
        shopVatNumber: vendor.vatNumber,
        invoiceNumber: unique('PAPER-'),
        issueDate: day,
        totalAmount: 150,
      }),
    );
    const noAmounts = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, { invoiceNumber: unique('FT-') });
    assert.equal(noAmounts.statusCode, 400);
    assert.deepEqual(noAmounts.json().extra, { totalAmount: 'Required field', vatAmount: 'Required field' });
    const low = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, {
      invoiceNumber: unique('FT-'),
      totalAmount: 60,
      vatAmount: 10,
    });
    assert.deepEqual(low.json().extra, { totalAmount: 'Each invoice must be worth more than 70 euros' });
    const answer = await asMerchant(vendor, 'POST', `/${claim.code}/reissue`, {
      invoiceNumber: unique('FT-'),
      totalAmount: 150,
      vatAmount: 27.05,
    });
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.json().invoice.issueDate, day);
    // Another merchant's invoice cannot be named as the wrong one.
    const foreign = await issue(otherVendor, mistyped(traveler));
    const second = await sent(await claimMissing(traveler, receipt(foreign, vendor)));
    const refused = await asMerchant(vendor, 'POST', `/${second.code}/reissue`, {
      invoiceNumber: unique('FT-'),
      creditedRefundId: foreign.refundId,
      creditNoteNumber: 'NC-3',
    });
    assert.equal(refused.statusCode, 404);
  });

  it('declines with a reason of the list, a note required with OTHER; the traveler reads it in their language', async () => {
    const traveler = await signedInTraveler(db());
    const invoice = await issue(vendor, traveler.document);
    const claim = await sent(
      await claimWrong(traveler, { idRichiestaRimborso: invoice.refundId, problem: 'OTHER', note: 'Wrong country' }),
    );
    const unknownReason = await asMerchant(vendor, 'POST', `/${claim.code}/decline`, { reason: 'BORED' });
    assert.equal(unknownReason.statusCode, 400);
    const noNote = await asMerchant(vendor, 'POST', `/${claim.code}/decline`, { reason: 'OTHER' });
    assert.deepEqual(noNote.json().extra, { note: 'Required field' });
    const declined = await asMerchant(vendor, 'POST', `/${claim.code}/decline`, {
      reason: 'DATA_CORRECT',
      note: 'The passport on the receipt is the one on the invoice.',
    });
    assert.equal(declined.statusCode, 200, declined.body);
    assert.equal(declined.json().state, 'DECLINED');
    const listed = (await asTraveler(traveler, 'GET', CLAIMS)).json<{ claims: Claim[] }>().claims[0]!;
    assert.deepEqual(
      [listed.state, listed.declineReason, listed.answerNote],
      ['DECLINED', 'DATA_CORRECT', 'The passport on the receipt is the one on the invoice.'],
    );
    const [notification] = (await asTraveler(traveler, 'GET', `${PRIVATE}/notifications?language=DE`)).json()
      .notifications;
    assert.equal(
      notification.tipoNotifica.messaggio,
      `${vendor.name} hat Ihre Beanstandung ${claim.code} zur Rechnung ${invoice.invoiceNumber} abgelehnt. Nach Ansicht des Geschäfts sind die Daten der Rechnung richtig.`,
    );
    // The invoice is the traveler's as it was.
    const detail = await asTraveler(
      traveler,
      'GET',
      `${PRIVATE}/invoices/detail?idRichiestaRimborso=${invoice.refundId}`,
    );
    assert.equal(detail.statusCode, 200);
  });

  it('lets a merchant reach only the claims addressed to it (another’s: 404)', async () => {
    const traveler = await signedInTraveler(db());
    const claim = await sent(await claimMissing(traveler, receipt(await issue(vendor, mistyped(traveler)))));
    for (const [method, url, payload] of [
      ['GET', `/${claim.code}`, undefined],
      ['POST', `/${claim.code}/reissue`, { invoiceNumber: 'FT-X', creditNoteNumber: 'NC-X' }],
      ['POST', `/${claim.code}/decline`, { reason: 'NO_SUCH_INVOICE' }],
    ] as const) {
      const response = await asMerchant(otherVendor, method, url, payload);
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.equal(response.json().detail, 'Claim not found.');
    }
    const theirs = (await asMerchant(otherVendor, 'GET', '?state=OPEN')).json();
    assert.ok(theirs.claims.every((item: { code: string }) => item.code !== claim.code));
    assert.equal((await app.inject({ method: 'GET', url: `${MERCHANT}/claims/${claim.code}` })).statusCode, 401);
    assert.equal((await asMerchant(vendor, 'GET', `/${claim.code}`)).json().state, 'OPEN');
  });

  it('keeps the merchant’s contact, set by its own call; an address that is not one is refused', async () => {
    const own = await merchant('VENDOR', `Contatti ${unique('')}`, 'first@shop.example.org', 'FR');
    const read = async () =>
      (await app.inject({ method: 'GET', url: `${MERCHANT}/contact`, headers: { 'x-api-key': own.key } })).json();
    assert.deepEqual(await read(), { email: 'first@shop.example.org', language: 'FR' });
    const bad = await app.inject({
      method: 'PUT',
      url: `${MERCHANT}/contact`,
      headers: { 'x-api-key': own.key, 'accept-language': 'EN' },
      payload: { email: 'not-an-address' },
    });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().extra.email);
    await app.inject({
      method: 'PUT',
      url: `${MERCHANT}/contact`,
      headers: { 'x-api-key': own.key },
      payload: { email: null },
    });
    assert.deepEqual(await read(), { email: null, language: 'IT' });
    // Without an address a claim still reaches the merchant's list, and no mail is written.
    const traveler = await signedInTraveler(db());
    const claim = await sent(
      await claimMissing(traveler, {
        shopVatNumber: own.vatNumber,
        invoiceNumber: 'FT-9',
        issueDate: today(),
        totalAmount: 80,
      }),
    );
    assert.equal((await asMerchant(own, 'GET', '')).json().claims[0].code, claim.code);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('id')
      .where('text_body', 'like', `%${claim.code}%`)
      .execute();
    assert.equal(mails.length, 0);
  });

  it(
    'gives one of two answers at once to a claim (or an answer and a withdrawal): the other finds it closed',
    postgresOnly('the two answers race over two connections'),
    async () => {
      await raceRounds(async (round) => {
        const traveler = await signedInTraveler(db());
        const wrong = await issue(vendor, traveler.document);
        const claim = await sent(await claimWrong(traveler, { idRichiestaRimborso: wrong.refundId, problem: 'NAME' }));
        const reissue = () =>
          asMerchant(vendor, 'POST', `/${claim.code}/reissue`, {
            invoiceNumber: unique('FT-RACE-'),
            creditNoteNumber: unique('NC-RACE-'),
          });
        const other =
          round % 3 === 0
            ? reissue()
            : round % 3 === 1
              ? asMerchant(vendor, 'POST', `/${claim.code}/decline`, { reason: 'DATA_CORRECT' })
              : asTraveler(traveler, 'POST', `${CLAIMS}/${claim.id}/withdraw`);
        const answers = await Promise.all([reissue(), other]);
        assert.deepEqual(
          answers.map((answer) => answer.statusCode).sort(),
          [200, 409],
          `${answers.map((answer) => answer.body).join(' | ')} ${JSON.stringify(logs.lines().slice(-3))}`,
        );
        const issued = await db()
          .selectFrom('invoice')
          .select('id')
          .where('document_number', '=', traveler.document.number.toUpperCase())
          .where('cancelled_at', 'is', null)
          .execute();
        const state = (await asMerchant(vendor, 'GET', `/${claim.code}`)).json().state;
        // One invoice either way: the wrong one still standing, or the new one in its place.
        assert.equal(issued.length, 1, state);
        assert.equal((await notificationsOf(traveler)).length, state === 'WITHDRAWN' ? 0 : 1);
      });
    },
  );

  it('documents the calls of both sides in the OpenAPI description', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/v1/private/claims',
      '/api/v1/private/claims/shops',
      '/api/v1/private/claims/missing-invoice',
      '/api/v1/private/claims/wrong-invoice',
      '/api/v1/private/claims/{id}/withdraw',
      '/api/v1/merchant/claims',
      '/api/v1/merchant/claims/{code}',
      '/api/v1/merchant/claims/{code}/reissue',
      '/api/v1/merchant/claims/{code}/decline',
      '/api/v1/merchant/contact',
    ])
      assert.ok(document.paths[path], path);
    assert.deepEqual(document.paths['/api/v1/merchant/claims/{code}/reissue'].post.security, [{ merchantApiKey: [] }]);
  });
});
