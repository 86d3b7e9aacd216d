import assert from 'node:assert/strict';
import { createPublicKey, generateKeyPairSync, verify, randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { buildApp } from '../../app';
import { createPostgresDatabase, type DatabaseHandle } from '../../db/database';
import { describeEachDatabase, testConfig, type TestApp } from '../../test/app';
import { postgresTestUrl } from '../../test/databases';
import { raceRounds } from '../../test/races';
import { roundTripsOf } from '../../test/round-trips';
import { createMerchantService } from '../merchants';
import { createQrService } from '../qr';
import { analyseRisk } from '../visas';
import { DEMO_EXIT_POINT_CLIENTS, seedDemoExitPoint } from './demo';
import { hashApiKey } from '../../api-keys';
import { createClient } from './service';
import { createTestVisaRequest, type TestVisaRequest } from './testing';

const BASE = '/api/v1/exit-point';
/** Never draws the random sample: the light follows the rules only. */
const NO_SAMPLE = () => 0.99;
/**
 * No periodic job: `roundTripsOf` counts every statement of the database, so none may run beside a scan. The keys'
 * cache reads `keyClock`.
 */
// Not 0: lru-cache reads a start of 0 as no start at all.
let keyNow = 1_000_000;
const EXIT_APP = {
  exitPoint: { riskOptions: { random: NO_SAMPLE }, keyClock: () => keyNow },
  visaExpiry: { enabled: false },
  deadlineReminders: { enabled: false },
} as const;

describeEachDatabase('exit point', ({ build, database, postgresOnly }) => {
  let app: TestApp;
  let kioskKey: string;
  let officerKey: string;
  let kioskId: number;
  const pools: DatabaseHandle[] = [];

  before(async () => {
    app = build({}, EXIT_APP);
    await app.ready();
    const db = database().db;
    const kiosk = await createClient(db, { kind: 'KIOSK', name: 'Chiosco di prova', customsOffice: 'IT277100' });
    kioskKey = kiosk.apiKey;
    kioskId = kiosk.client.id;
    officerKey = (await createClient(db, { kind: 'OFFICER', name: 'Funzionario di prova', customsOffice: 'IT078100' }))
      .apiKey;
  });

  after(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
  });

  /** A second instance's options: it checks the codes with this app's key, as every instance does. */
  const sameKey = () => ({ ...EXIT_APP, exitPoint: { ...EXIT_APP.exitPoint, qr: app.qr } });
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

  const notifications = (travelerId: number) =>
    database()
      .db.selectFrom('notification')
      .select(['kind', 'visa_request_id'])
      .where('traveler_id', '=', travelerId)
      .orderBy('id')
      .execute();
  const mails = (email: string) =>
    database().db.selectFrom('mail_outbox').select(['subject', 'language']).where('recipient', '=', email).execute();
  const emailOf = async (travelerId: number) =>
    (await database().db.selectFrom('traveler').select('email').where('id', '=', travelerId).executeTakeFirstOrThrow())
      .email;

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
  it('a scan makes 2 queries, whatever the request holds: one read of it, one statement that writes its outcome', async () => {
    const db = database().db;
    // A new kiosk: its first call reads its client (3 queries); the next ones find it in memory.
    const kiosk = await createClient(db, { kind: 'KIOSK', name: 'Chiosco contato', customsOffice: 'IT277100' });
    const scanned = async (request: TestVisaRequest) => {
      const { result, statements } = await roundTripsOf(database(), () => scan(tokenOf(request), kiosk.apiKey));
      assert.ok(result.statusCode < 500, result.body);
      return statements;
    };
    const first = await scanned(await createTestVisaRequest(db));
    assert.equal(first.length, 3, first.join('\n'));
    assert.match(first[0]!, /from "exit_point_client"/);

    const cases: Array<[string, Parameters<typeof createTestVisaRequest>[1], number]> = [
      ['green, 8 invoices', { amounts: [190, 180, 170, 160, 150, 140, 130, 120] }, 200],
      ['red, 3 invoices', { amounts: [6200, 4100, 900] }, 200],
      ['in completion', { state: 50, invoiceState: 100, riskResult: 1 }, 200],
      ['under customs check, scanned again', { state: 20, invoiceState: 40, riskResult: 10 }, 200],
      ['used', { state: 100, invoiceState: 100, riskResult: 1 }, 409],
    ];
    for (const [name, options, status] of cases) {
      const request = await createTestVisaRequest(db, options);
      const { result, statements } = await roundTripsOf(database(), () => scan(tokenOf(request), kiosk.apiKey));
      assert.equal(result.statusCode, status, `${name}: ${result.body}`);
      assert.equal(statements.length, 2, `${name}:\n${statements.join('\n')}`);
      assert.match(statements[0]!, /^select .* from "visa_request" as "vr"/, name);
    }
    // The outcome of a transition is one statement: no BEGIN, no COMMIT, no statement per invoice.
    const green = await scanned(await createTestVisaRequest(db, { amounts: [110, 120, 130] }));
    assert.match(green[1]!, /^with "changed" as \(update "visa_request"/);
    // A code that is not ours is refused without reading anything: the audit row only.
    const { statements: forged } = await roundTripsOf(database(), () => scan('v1.not-a-real.code', kiosk.apiKey));
    assert.deepEqual(
      forged.map((statement) => statement.split(' (')[0]),
      ['insert into "exit_point_event"'],
    );
  });

  it("answers a kiosk's key from memory for 5 s: a revoked key is refused once they have passed", async () => {
    const db = database().db;
    const kiosk = await createClient(db, { kind: 'KIOSK', name: 'Chiosco da revocare', customsOffice: 'IT277100' });
    const request = await createTestVisaRequest(db, { state: 20, invoiceState: 40, riskResult: 10 });
    assert.equal((await scan(tokenOf(request), kiosk.apiKey)).statusCode, 200);
    await db
      .updateTable('exit_point_client')
      .set({ revoked_at: new Date() })
      .where('id', '=', kiosk.client.id)
      .execute();
    keyNow += 4_000;
    assert.equal((await scan(tokenOf(request), kiosk.apiKey)).statusCode, 200);
    keyNow += 1_001;
    assert.equal((await scan(tokenOf(request), kiosk.apiKey)).statusCode, 401);
  });

  it('tells the traveler in the statement of the change: a notification and its mail, once', async () => {
    const db = database().db;
    const green = await createTestVisaRequest(db, { amounts: [120] });
    const red = await createTestVisaRequest(db, { amounts: [6200, 4100, 900] });
    assert.equal((await scan(tokenOf(green))).json().outcome, 'GRANTED');
    assert.equal((await scan(tokenOf(red))).json().outcome, 'CUSTOMS_CHECK');
    // Scanned again at the office: nothing new to tell.
    assert.equal((await scan(tokenOf(red), officerKey)).statusCode, 200);
    assert.deepEqual(await notifications(green.travelerId), [{ kind: 'VISA_GRANTED', visa_request_id: green.id }]);
    assert.deepEqual(await notifications(red.travelerId), [{ kind: 'CUSTOMS_CHECK', visa_request_id: red.id }]);
    for (const request of [green, red]) {
      const queued = await mails(await emailOf(request.travelerId));
      assert.equal(queued.length, 1);
    }
  });

  it(
    'two instances scanning one code at once: one grants it, the other answers that it is used',
    postgresOnly('the two instances scan over pools of their own at once'),
    async () => {
      const pool = createPostgresDatabase(postgresTestUrl(), { poolMax: 5 });
      pools.push(pool);
      const other = buildApp(testConfig(), { database: pool, ...sameKey() });
      await other.ready();
      try {
        await raceRounds(async () => {
          const request = await createTestVisaRequest(database().db, { amounts: [150, 90] });
          const token = tokenOf(request);
          const answers = await Promise.all([
            scan(token),
            other.inject({
              method: 'POST',
              url: `${BASE}/scan`,
              headers: { 'x-api-key': officerKey, 'accept-language': 'EN' },
              payload: { token },
            }),
          ]);
          assert.deepEqual(
            answers.map((answer) => answer.statusCode).sort(),
            [200, 409],
            answers.map((answer) => answer.body).join(' | '),
          );
          const granted = answers.find((answer) => answer.statusCode === 200)!.json();
          assert.equal(granted.outcome, 'GRANTED');
          // The winner's answer is what was stored; the loser wrote nothing but its refusal.
          const rows = await invoiceRows(request.invoiceIds);
          assert.deepEqual(
            rows.map((row) => row.release_code),
            granted.request.invoices.map((invoice: { release: { code: string } }) => invoice.release.code),
          );
          assert.deepEqual(
            (await events(request.id)).map((event) => [event.kind, (event.detail as { reason?: string }).reason]),
            [
              ['RISK_ANALYSED', undefined],
              ['GRANTED', undefined],
              ['SCAN_REFUSED', 'used'],
            ],
          );
          assert.deepEqual(await notifications(request.travelerId), [
            { kind: 'VISA_GRANTED', visa_request_id: request.id },
          ]);
          assert.equal((await mails(await emailOf(request.travelerId))).length, 1);
        });
      } finally {
        await other.close();
      }
    },
  );

  it(
    'a request changed between the read and the write of a scan is read again and scanned as it now is',
    postgresOnly('the change commits on another connection while the scan holds its own'),
    async () => {
      // The traveler's own analysis (green: 50 in completion) commits right after the scan has read the request.
      const pool = createPostgresDatabase(postgresTestUrl(), { poolMax: 5 });
      pools.push(pool);
      let request: TestVisaRequest | undefined;
      let reads = 0;
      const traveler = {
        ...pool,
        db: pool.db.withPlugin({
          transformQuery: ({ node }) => node,
          transformResult: async ({ result }) => {
            const read = result.rows[0] as { public_id?: unknown; state_code?: unknown } | undefined;
            if (request && read?.public_id === request.publicId && read.state_code === 1 && (reads += 1) === 1)
              await analyseRisk(database().db, request.id, 'TRAVELER', undefined, { score: { light: 1 } });
            return result;
          },
        }),
      };
      const other = buildApp(testConfig(), { database: traveler, ...sameKey() });
      try {
        await other.ready();
        request = await createTestVisaRequest(database().db, { amounts: [150] });
        const answer = await other.inject({
          method: 'POST',
          url: `${BASE}/scan`,
          headers: { 'x-api-key': kioskKey, 'accept-language': 'EN' },
          payload: { token: tokenOf(request) },
        });
        assert.equal(answer.statusCode, 200, answer.body);
        assert.equal(answer.json().outcome, 'GRANTED');
        // Analysed by the traveler, granted by the exit scan: not analysed a second time.
        const stored = await requestRow(request.id);
        assert.equal(stored.state_code, 100);
        assert.equal(stored.risk_origin, 'TRAVELER');
        assert.equal(stored.scanned_by, kioskId);
        assert.deepEqual(
          (await events(request.id)).map((event) => event.kind),
          ['GRANTED'],
        );
        assert.deepEqual(
          (await notifications(request.travelerId)).map((notification) => notification.kind),
          ['RISK_GREEN', 'VISA_GRANTED'],
        );
      } finally {
        await other.close();
      }
    },
  );
});
