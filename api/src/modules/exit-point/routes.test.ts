import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify, randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { createMerchantService } from '../merchants';
import { createQrService } from '../qr';
import { DEMO_EXIT_POINT_CLIENTS, seedDemoExitPoint } from './demo';
import { hashApiKey } from '../../api-keys';
import { createClient } from './service';
import { createTestVisaRequest, type TestVisaRequest } from './testing';

const BASE = '/api/v1/exit-point';
/** Never draws the random sample: the light follows the rules only. */
const NO_SAMPLE = () => 0.99;

describeEachDatabase('exit point', ({ build, database }) => {
  let app: TestApp;
  let kioskKey: string;
  let officerKey: string;
  let kioskId: number;

  before(async () => {
    app = build({}, { exitPoint: { riskOptions: { random: NO_SAMPLE } } });
    await app.ready();
    const db = database().db;
    const kiosk = await createClient(db, { kind: 'KIOSK', name: 'Chiosco di prova', customsOffice: 'IT277100' });
    kioskKey = kiosk.apiKey;
    kioskId = kiosk.client.id;
    officerKey = (await createClient(db, { kind: 'OFFICER', name: 'Funzionario di prova', customsOffice: 'IT078100' }))
      .apiKey;
  });

  const tokenOf = (request: TestVisaRequest) =>
    app.qr.issue({ publicId: request.publicId, issuedAt: request.qrIssuedAt });
  const scan = (token: string, key = kioskKey, language = 'EN') =>
    app.inject({
      method: 'POST',
      url: `${BASE}/scan`,
      headers: { 'x-api-key': key, 'accept-language': language },
      payload: { token },
    });
  const decide = (
    publicId: string,
    decisions: Array<{ refundId: number; outcome: string }>,
    key = officerKey,
    language = 'EN',
  ) =>
    app.inject({
      method: 'POST',
      url: `${BASE}/requests/${publicId}/decisions`,
      headers: { 'x-api-key': key, 'accept-language': language },
      payload: { decisions },
    });
  const events = (requestId: number | null, kind?: string) => {
    let query = database().db.selectFrom('exit_point_event').select(['kind', 'detail', 'client_id']).orderBy('id');
    query =
      requestId === null ? query.where('visa_request_id', 'is', null) : query.where('visa_request_id', '=', requestId);
    if (kind) query = query.where('kind', '=', kind);
    return query.execute();
  };
  const invoiceRows = (ids: number[]) =>
    database()
      .db.selectFrom('invoice')
      .select(['id', 'state_code', 'in_completion', 'release_code', 'release_date', 'customs_office'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const requestRow = (id: number) =>
    database()
      .db.selectFrom('visa_request')
      .select([
        'state_code',
        'risk_result',
        'risk_origin',
        'scanned_by',
        'scanned_at',
        'customs_office',
        'completed_at',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('publishes the public key without an API key, and it verifies the codes offline', async () => {
    const response = await app.inject({ method: 'GET', url: `${BASE}/public-key` });
    assert.equal(response.statusCode, 200, response.body);
    const jwk = response.json();
    assert.deepEqual(jwk, app.qr.publicKey);
    assert.equal(jwk.kid, app.qr.keyId);
    const token = app.qr.issue({ publicId: randomUUID(), issuedAt: new Date() });
    const [version, payload, signature] = token.split('.');
    assert.ok(
      verify(
        null,
        Buffer.from(`${version}.${payload}`),
        createPublicKey({ key: jwk, format: 'jwk' }),
        Buffer.from(signature!, 'base64url'),
      ),
    );
  });

  it('refuses calls without a key, with an unknown, a merchant or a revoked key', async () => {
    const merchantKey = (
      await createMerchantService(database().db).createMerchant({
        kind: 'VENDOR',
        name: 'Altro',
        vatNumber: `IT-EP-${process.pid}-${Date.now()}`,
      })
    ).apiKey;
    const revoked = await createClient(database().db, {
      kind: 'KIOSK',
      name: 'Chiosco dismesso',
      customsOffice: 'IT277100',
    });
    await database()
      .db.updateTable('exit_point_client')
      .set({ revoked_at: new Date() })
      .where('id', '=', revoked.client.id)
      .execute();
    for (const headers of [
      {},
      { 'x-api-key': 'xk_not-a-key' },
      { 'x-api-key': merchantKey },
      { 'x-api-key': revoked.apiKey },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: `${BASE}/scan`,
        headers: { ...headers, 'accept-language': 'IT' },
        payload: { token: 'v1.a.b' },
      });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().detail, "Chiave API del punto d'uscita assente o sconosciuta.");
    }
  });

  it('refuses a forged, an altered and a foreign code (400, with the reason), and records each refusal', async () => {
    const request = await createTestVisaRequest(database().db);
    const token = tokenOf(request);
    const before = (await events(null, 'SCAN_REFUSED')).length;

    const forged = await scan('v1.not-a-real.code');
    assert.equal(forged.statusCode, 400);
    assert.deepEqual(forged.json(), {
      detail: 'The QR code is not valid: it is damaged, altered or was not issued by this agency.',
      extra: { token: 'The code is not a visa request QR code' },
    });

    // Another traveler's id in the payload, the original signature.
    const [, payload, signature] = token.split('.');
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), t: request.travelerId + 1 }),
    ).toString('base64url');
    const alteredAnswer = await scan(`v1.${altered}.${signature}`, kioskKey, 'IT');
    assert.equal(alteredAnswer.statusCode, 400);
    assert.equal(
      alteredAnswer.json().extra.token,
      'La firma non corrisponde al contenuto: il codice è stato alterato o contraffatto',
    );

    const foreign = createQrService({ privateKey: generateKeyPairSync('ed25519').privateKey }).issue({
      publicId: request.publicId,
      issuedAt: request.qrIssuedAt,
    });
    const foreignAnswer = await scan(foreign);
    assert.equal(foreignAnswer.statusCode, 400);
    assert.equal(foreignAnswer.json().extra.token, 'The code was signed by a key this agency does not know');

    const refusals = (await events(null, 'SCAN_REFUSED')).slice(before);
    assert.deepEqual(
      refusals.map((event) => (event.detail as { reason: string }).reason),
      ['malformed', 'signature', 'unknown-key'],
    );
    assert.ok(refusals.every((event) => event.client_id === kioskId));
    // Nothing changed.
    assert.equal((await requestRow(request.id)).state_code, 1);
  });

  it('refuses a stale code (the request changed since), a used one, an expired one, an unknown request', async () => {
    const db = database().db;
    const stale = await createTestVisaRequest(db);
    const oldToken = tokenOf(stale);
    await db
      .updateTable('visa_request')
      .set({ qr_issued_at: new Date(stale.qrIssuedAt.getTime() + 5_000) })
      .where('id', '=', stale.id)
      .execute();
    const staleAnswer = await scan(oldToken);
    assert.equal(staleAnswer.statusCode, 409);
    assert.equal(
      staleAnswer.json().detail,
      'This QR code has been replaced by a newer one after a change of the request: show the latest QR code.',
    );
    assert.equal((await requestRow(stale.id)).state_code, 1);

    const used = await createTestVisaRequest(db, { state: 100, invoiceState: 100, riskResult: 1 });
    const usedAnswer = await scan(tokenOf(used), kioskKey, 'IT');
    assert.equal(usedAnswer.statusCode, 409);
    assert.equal(usedAnswer.json().detail, 'Questo codice QR è già stato usato: la richiesta di visto è completata.');

    const expired = await createTestVisaRequest(db, { state: 10, invoiceState: 30 });
    const expiredAnswer = await scan(tokenOf(expired));
    assert.equal(expiredAnswer.statusCode, 409);
    assert.equal(
      expiredAnswer.json().detail,
      'The visa request has expired: it was not presented at the exit point in time.',
    );

    const unknown = await scan(app.qr.issue({ publicId: randomUUID(), issuedAt: new Date() }));
    assert.equal(unknown.statusCode, 404);

    for (const [request, reason] of [
      [stale, 'stale'],
      [used, 'used'],
      [expired, 'expired'],
    ] as const) {
      const recorded = await events(request.id, 'SCAN_REFUSED');
      assert.deepEqual(
        recorded.map((event) => (event.detail as { reason: string }).reason),
        [reason],
      );
    }
  });

  it('green at the kiosk: the visa is granted at once (invoices 100 with release data), and the code cannot be used again', async () => {
    const request = await createTestVisaRequest(database().db, { amounts: [180, 320.5] });
    const answer = await scan(tokenOf(request));
    assert.equal(answer.statusCode, 200, answer.body);
    const body = answer.json();
    assert.equal(body.outcome, 'GRANTED');
    assert.equal(body.message, 'Customs visa granted: go airside.');
    assert.equal(body.light, 1);
    assert.deepEqual(body.reasons, ['No risk factor found.']);
    assert.equal(body.request.publicId, request.publicId);
    assert.equal(body.request.stateCode, 100);
    assert.equal(body.request.stateDescription, 'Completed');
    assert.equal(body.request.totalAmount, 500.5);
    assert.equal(body.request.traveler.name, 'Grace Hopper');
    assert.deepEqual(body.request.traveler.document, request.traveler.document);
    assert.equal(body.request.invoices.length, 2);
    for (const invoice of body.request.invoices) {
      assert.equal(invoice.stateCode, 100);
      assert.equal(invoice.stateDescription, 'Visa granted');
      assert.equal(invoice.release.customsOffice, 'IT277100');
      assert.match(invoice.release.code, /^\d{2}IT277100\d{6}$/);
    }

    const rows = await invoiceRows(request.invoiceIds);
    assert.ok(
      rows.every(
        (row) =>
          row.state_code === 100 &&
          !row.in_completion &&
          row.release_code &&
          row.release_date &&
          row.customs_office === 'IT277100',
      ),
    );
    const stored = await requestRow(request.id);
    assert.equal(stored.state_code, 100);
    assert.equal(stored.risk_result, 1);
    assert.equal(stored.risk_origin, 'KIOSK');
    assert.equal(stored.scanned_by, kioskId);
    assert.ok(stored.completed_at);
    assert.deepEqual(
      (await events(request.id)).map((event) => event.kind),
      ['RISK_ANALYSED', 'GRANTED'],
    );

    const again = await scan(tokenOf(request));
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().detail, 'This QR code has already been used: the visa request is completed.');
  });

  it('red: customs check (invoices 40, reasons in the language), then the officer decides and the request completes', async () => {
    const request = await createTestVisaRequest(database().db, { amounts: [6200, 4100, 900] });
    const answer = await scan(tokenOf(request), kioskKey, 'IT');
    assert.equal(answer.statusCode, 200, answer.body);
    const body = answer.json();
    assert.equal(body.outcome, 'CUSTOMS_CHECK');
    assert.equal(body.light, 10);
    assert.equal(body.message, "Recati all'ufficio doganale per un controllo doganale.");
    assert.deepEqual(
      body.reasons.map((reason: string) => reason.replace(/\s/g, ' ')),
      [
        'Il totale della richiesta, 11.200,00 €, supera 10.000,00 €.',
        'Fatture oltre 5.000,00 €: 1 (la più alta 6.200,00 €).',
      ],
    );
    assert.equal(body.request.stateCode, 20);
    assert.ok(
      body.request.invoices.every(
        (invoice: { stateCode: number; release: unknown }) => invoice.stateCode === 40 && invoice.release === null,
      ),
    );
    assert.deepEqual(
      (await events(request.id)).map((event) => event.kind),
      ['RISK_ANALYSED', 'CUSTOMS_CHECK'],
    );

    // Scanned again (at the office): unchanged, still the customs check.
    const rescan = await scan(tokenOf(request), officerKey);
    assert.equal(rescan.statusCode, 200);
    assert.equal(rescan.json().outcome, 'CUSTOMS_CHECK');

    // A kiosk can neither read nor decide.
    const kioskRead = await app.inject({
      method: 'GET',
      url: `${BASE}/requests/${request.publicId}`,
      headers: { 'x-api-key': kioskKey },
    });
    assert.equal(kioskRead.statusCode, 403);
    const kioskDecides = await decide(
      request.publicId,
      [{ refundId: request.invoiceIds[0]!, outcome: 'GRANTED' }],
      kioskKey,
    );
    assert.equal(kioskDecides.statusCode, 403);
    assert.equal(kioskDecides.json().detail, 'Only a customs officer can do this.');
    assert.equal((await requestRow(request.id)).state_code, 20);

    const read = await app.inject({
      method: 'GET',
      url: `${BASE}/requests/${request.publicId}`,
      headers: { 'x-api-key': officerKey, 'accept-language': 'EN' },
    });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(read.json().request.stateDescription, 'Customs check');
    assert.equal(read.json().light, 10);
    assert.equal(read.json().reasons.length, 2);

    const [first, second, third] = request.invoiceIds as [number, number, number];
    const partial = await decide(request.publicId, [{ refundId: first, outcome: 'GRANTED' }]);
    assert.equal(partial.statusCode, 200, partial.body);
    assert.equal(partial.json().request.stateCode, 20);
    // An invoice already decided, or not in the request: 400; an unknown outcome: 400 by the schema.
    assert.equal((await decide(request.publicId, [{ refundId: first, outcome: 'DENIED' }])).statusCode, 400);
    assert.equal((await decide(request.publicId, [{ refundId: second, outcome: 'MAYBE' }])).statusCode, 400);

    const rest = await decide(request.publicId, [
      { refundId: second, outcome: 'DENIED' },
      { refundId: third, outcome: 'NOT_SELECTED' },
    ]);
    assert.equal(rest.statusCode, 200, rest.body);
    assert.equal(rest.json().request.stateCode, 100);
    const states = Object.fromEntries(
      rest
        .json()
        .request.invoices.map((invoice: { refundId: number; stateCode: number }) => [
          invoice.refundId,
          invoice.stateCode,
        ]),
    );
    assert.deepEqual(states, { [first]: 100, [second]: 10, [third]: 50 });
    const rows = await invoiceRows(request.invoiceIds);
    assert.equal(rows.find((row) => row.id === first)!.customs_office, 'IT078100');
    assert.ok(rows.find((row) => row.id === first)!.release_code);
    assert.equal(rows.find((row) => row.id === second)!.release_code, null);
    assert.equal((await requestRow(request.id)).state_code, 100);

    // Decided: a further decision is refused.
    assert.equal((await decide(request.publicId, [{ refundId: second, outcome: 'GRANTED' }])).statusCode, 409);
    const kinds = (await events(request.id)).map((event) => event.kind);
    assert.deepEqual(kinds.filter((kind) => kind === 'DECIDED').length, 2);
    assert.ok(kinds.includes('DECISION_REFUSED'));
  });

  it('a request in completion (green from the portal) is granted when scanned', async () => {
    const request = await createTestVisaRequest(database().db, { state: 50, invoiceState: 100, riskResult: 1 });
    await database()
      .db.updateTable('invoice')
      .set({ in_completion: true })
      .where('id', 'in', request.invoiceIds)
      .execute();
    const answer = await scan(tokenOf(request), officerKey);
    assert.equal(answer.statusCode, 200, answer.body);
    assert.equal(answer.json().outcome, 'GRANTED');
    assert.equal(answer.json().request.stateCode, 100);
    const rows = await invoiceRows(request.invoiceIds);
    assert.ok(
      rows.every(
        (row) => row.state_code === 100 && !row.in_completion && row.customs_office === 'IT078100' && row.release_code,
      ),
    );
  });

  it('answers 404 to an officer reading an unknown or malformed request id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      const response = await app.inject({
        method: 'GET',
        url: `${BASE}/requests/${id}`,
        headers: { 'x-api-key': officerKey },
      });
      assert.equal(response.statusCode, 404);
    }
  });

  it('seeds the demo kiosk and officer once, with their published keys', async () => {
    const db = database().db;
    await seedDemoExitPoint(db);
    assert.equal(await seedDemoExitPoint(db), 0);
    for (const client of DEMO_EXIT_POINT_CLIENTS) {
      const row = await db
        .selectFrom('exit_point_client')
        .select(['kind', 'customs_office'])
        .where('api_key_hash', '=', hashApiKey(client.apiKey))
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { kind: client.kind, customs_office: 'IT277100' });
    }
    const response = await app.inject({
      method: 'GET',
      url: `${BASE}/requests/${randomUUID()}`,
      headers: { 'x-api-key': 'xk_demo_officer_malpensa' },
    });
    assert.equal(response.statusCode, 404);
  });

  it('lists the calls in the OpenAPI document under exit-point, with the API key scheme', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    assert.ok(document.components.securitySchemes.exitPointApiKey);
    assert.deepEqual(document.paths[`${BASE}/scan`].post.tags, ['exit-point']);
  });
});
