import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import {
  EU_MEMBER_STATES,
  SERVER_LANGUAGES,
  type ServerLanguage,
  type Travel,
  type Visa,
  addDays,
  exitDeadline,
  romeToday,
} from '@varco/contracts';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';
import { raceRounds } from '../../test/races';
import {
  inDays,
  insertInvoice,
  invoiceStates,
  issueDayDueThisMonth,
  issueDayPastDeadline,
  validTravel,
  type TestInvoice,
} from './testing';
import { createVisaRepository } from './repository';

const BASE = '/api/v1/private/visa';
const PNG_BASE64 = 'iVBORw0KGgo';

describeEachDatabase('the traveler’s visa requests', ({ build, database, postgresOnly }) => {
  let app: TestApp;

  before(async () => {
    app = build();
    await app.ready();
  });

  const db = () => database().db;
  type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; language?: string };
  const call = (
    traveler: SignedInTraveler | null,
    { method, url, payload, language = 'EN' }: Call,
    on: TestApp = app,
  ) =>
    on.inject({
      method,
      url: `${BASE}${url}`,
      headers: { 'accept-language': language, ...(traveler ? { cookie: traveler.cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
  const create = (traveler: SignedInTraveler, invoices: number[], travel: Travel = validTravel(), language = 'EN') =>
    call(traveler, { method: 'POST', url: '', payload: { invoices, travel }, language });
  const detail = async (traveler: SignedInTraveler, id: number, language = 'EN'): Promise<Visa> => {
    const response = await call(traveler, { method: 'GET', url: `/${id}`, language });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const userInfo = async (traveler: SignedInTraveler) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/private/traveler/user-info',
        headers: { cookie: traveler.cookie },
      })
    ).json().visaCreationEnabled as boolean;

  async function travelerWithInvoices(count = 1, options: Parameters<typeof insertInvoice>[2] = {}) {
    const traveler = await signedInTraveler(db());
    const invoices: TestInvoice[] = [];
    for (let index = 0; index < count; index += 1) invoices.push(await insertInvoice(db(), traveler.document, options));
    return { traveler, invoices };
  }

  async function created(traveler: SignedInTraveler, invoices: TestInvoice[], travel?: Travel): Promise<number> {
    const response = await create(
      traveler,
      invoices.map((invoice) => invoice.id),
      travel,
    );
    assert.equal(response.statusCode, 200, response.body);
    return response.json().id;
  }

  /** Moves a request on from pending (as the exit point would), so that its traveler may create another. */
  const settle = (id: number, state = 100) =>
    db().updateTable('visa_request').set({ state_code: state }).where('id', '=', id).execute();

  it('answers 401 without a session', async () => {
    for (const request of [
      { method: 'POST', url: '', payload: { invoices: [1], travel: validTravel() } },
      { method: 'PUT', url: '', payload: { id: 1, invoices: [1], travel: validTravel() } },
      { method: 'GET', url: '/list' },
      { method: 'GET', url: '/1' },
      { method: 'DELETE', url: '/1' },
      { method: 'GET', url: '/1/download' },
      { method: 'POST', url: '/start-risk-analysis', payload: { id: 1 } },
      { method: 'PUT', url: '/area' },
    ] as Call[]) {
      assert.equal((await call(null, request)).statusCode, 401, `${request.method} ${request.url}`);
    }
  });

  it('creates a pending request: invoices in progress, the QR code, the flag in user-info', async () => {
    const { traveler, invoices } = await travelerWithInvoices(2, { totalAmount: 100.1 });
    assert.equal(await userInfo(traveler), true);
    const id = await created(traveler, invoices);
    assert.equal(await userInfo(traveler), false);
    for (const invoice of (await invoiceStates(db(), [invoices[0]!.id, invoices[1]!.id])).values())
      assert.equal(invoice.state_code, 90);

    const response = await call(traveler, { method: 'GET', url: `/${id}?language=IT`, language: 'EN' });
    assert.equal(response.headers['cache-control'], 'private, no-store');
    const visa = response.json() as Visa;
    assert.equal(visa.idRichiesta, id);
    assert.match(visa.visaRequestId, /^[0-9a-f-]{36}$/);
    assert.match(visa.requestCode, new RegExp(`^VR-${romeToday().slice(0, 4)}-[A-HJ-NP-Z2-9]{8}$`));
    assert.equal(visa.stateCode, 1);
    assert.equal(visa.stateDescription, 'In attesa');
    assert.equal(visa.totalAmount, 200.2);
    assert.equal(visa.totalInvoices, 2);
    assert.deepEqual(
      visa.invoices?.map((invoice) => invoice.idRichiestaRimborso).sort(),
      invoices.map((invoice) => invoice.id).sort(),
    );
    assert.equal(visa.invoices?.[0]?.stateDescription, 'In lavorazione');
    assert.equal(visa.meansOfTransport?.code, 'AE');
    assert.ok(visa.meansOfTransport?.description);
    assert.equal(visa.destinationCountry?.description, 'Stati Uniti');
    assert.equal(visa.destinationAirport?.code, 'JFK');
    assert.match(visa.destinationAirport?.description ?? '', /JFK/);
    assert.equal(visa.destinationFreeZone, null);
    assert.equal(visa.travelDocType?.code, 'PASSAPORTO');
    assert.equal(visa.travelDocNumber, 'YA1234567');
    assert.equal(visa.flightNumber, 'AZ 610');
    assert.equal(visa.crewMember, false);
    // Pending: waiting for the exit point (or for the traveler to start the analysis), no analysis under way.
    assert.equal(visa.visaToBeAnalysed, false);
    assert.deepEqual(visa.riskAnalysis, { showTrafficLight: false, codeAnalysisResult: null, message: null });
    assert.ok(visa.qrCode?.startsWith(PNG_BASE64));
    // Coded fields follow the language.
    assert.equal((await detail(traveler, id, 'EN')).destinationCountry?.description, 'United States');
  });

  it('lists the requests newest first, paged, with the total', async () => {
    const { traveler, invoices } = await travelerWithInvoices(3);
    const ids = [];
    for (const invoice of invoices) {
      const id = await created(traveler, [invoice]);
      ids.push(id);
      await settle(id);
    }
    const first = (await call(traveler, { method: 'GET', url: '/list?page=0&limit=2' })).json();
    const second = (await call(traveler, { method: 'GET', url: '/list?page=1&limit=2' })).json();
    assert.deepEqual(
      [...first.requests, ...second.requests].map((visa: Visa) => visa.idRichiesta),
      [...ids].reverse(),
    );
    assert.equal(first.links.totalItems, 3);
    assert.equal(first.requests[0].totalInvoices, 1);
    // Another traveler's list is theirs only.
    const other = await signedInTraveler(db());
    assert.deepEqual((await call(other, { method: 'GET', url: '/list' })).json(), {
      requests: [],
      links: { totalItems: 0 },
    });
  });

  it('checks the invoices: at least one, once each, the traveler’s own, available, within the deadline', async () => {
    const { traveler, invoices } = await travelerWithInvoices(1);
    const mine = invoices[0]!;
    const stranger = await travelerWithInvoices(1);
    const granted = await insertInvoice(db(), traveler.document, { state: 100 });
    const expired = await insertInvoice(db(), traveler.document, { issueDay: issueDayPastDeadline() });
    const cases: Array<[number[], string]> = [
      [[], 'Select at least 1'],
      [[mine.id, mine.id], `The same invoice (${mine.id}) is selected more than once`],
      [[stranger.invoices[0]!.id], `Invoice ${stranger.invoices[0]!.id} is not one of your invoices`],
      [[2_000_000_000], 'Invoice 2000000000 is not one of your invoices'],
      [[granted.id], `Invoice ${granted.number} is not available for a visa request`],
      [
        [expired.id],
        `The deadline for leaving the EU with the goods of invoice ${expired.number} (${exitDeadline(issueDayPastDeadline())}) has passed`,
      ],
    ];
    for (const [ids, message] of cases) {
      const response = await create(traveler, ids);
      assert.equal(response.statusCode, 400, `${ids}: ${response.body}`);
      assert.equal(response.json().extra.invoices, message);
    }
    // In Italian too.
    assert.equal(
      (await create(traveler, [granted.id], validTravel(), 'IT')).json().extra.invoices,
      `La fattura ${granted.number} non è disponibile per una richiesta di visto`,
    );
    // An invoice in another live request (here one under customs check): 409.
    await settle(await created(traveler, [mine]), 20);
    const taken = await create(traveler, [mine.id]);
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().detail, 'An invoice you selected is already in another visa request.');
    assert.equal(taken.json().extra.invoices, `Invoice ${mine.number} is already in another visa request`);
  });

  it('checks the travel, one message per field', async () => {
    const { traveler, invoices } = await travelerWithInvoices(1);
    const soon = await insertInvoice(db(), traveler.document, { issueDay: issueDayDueThisMonth() });
    const deadline = exitDeadline(issueDayDueThisMonth());
    const ids = [invoices[0]!.id];
    const cases: Array<[Partial<Travel>, Record<string, string>, number[]?]> = [
      [{ transportType: 'XX' }, { 'travel.transportType': 'Choose air (AE) or private vehicle (MP)' }],
      [{ transportType: ' ' }, { 'travel.transportType': 'Required field' }],
      [{ flightNumber: null }, { 'travel.flightNumber': 'Required field' }],
      [{ flightNumber: 'A' }, { 'travel.flightNumber': 'Invalid flight number (for example AZ 610)' }],
      [{ flightNumber: 'AZ 61000' }, { 'travel.flightNumber': 'Invalid flight number (for example AZ 610)' }],
      [{ destinationAirport: '' }, { 'travel.destinationAirport': 'Required field' }],
      [{ destinationAirport: 'QQQ' }, { 'travel.destinationAirport': 'Unknown airport' }],
      [
        { destinationAirport: 'MXP' },
        { 'travel.destinationAirport': 'This airport is not in the destination country' },
      ],
      [
        { travelDocType: null, travelDocNumber: null },
        { 'travel.travelDocType': 'Required field', 'travel.travelDocNumber': 'Required field' },
      ],
      [{ travelDocType: 'TESSERA' }, { 'travel.travelDocType': 'Unknown document type' }],
      [{ travelDocNumber: 'X' }, { 'travel.travelDocNumber': 'Enter at least 2 characters' }],
      [{ travelDocNumber: 'X'.repeat(51) }, { 'travel.travelDocNumber': 'Enter at most 50 characters' }],
      [
        { destinationCountry: 'ZZ', destinationAirport: null, transportType: 'MP' },
        { 'travel.destinationCountry': 'Unknown country' },
      ],
      [
        { destinationCountry: 'FR', transportType: 'MP' },
        {
          'travel.destinationCountry':
            'The destination must be outside the EU VAT area: choose a country outside the EU, or one of its free zones',
        },
      ],
      [
        { destinationFreeZone: 'IT-LIVIGNO' },
        { 'travel.destinationFreeZone': 'This free zone does not belong to the destination country' },
      ],
      [{ travelDate: 'tomorrow' }, { 'travel.travelDate': 'Invalid date and time' }],
      [{ travelDate: '2026-02-30T10:00:00Z' }, { 'travel.travelDate': 'Invalid date and time' }],
      [{ travelDate: addDays(romeToday(), 2) }, { 'travel.travelDate': 'Invalid date and time' }],
      [{ travelDate: inDays(-0.01) }, { 'travel.travelDate': 'Date must be in the future' }],
      [{ travelDate: '3000-01-01T10:00:00Z' }, { 'travel.travelDate': 'The date cannot be later than 2999-12-31' }],
      [
        { travelDate: `${addDays(deadline, 1)}T12:00:00.000Z` },
        {
          'travel.travelDate': `The departure cannot be later than ${deadline}, the exit deadline of invoice ${soon.number}`,
        },
        [invoices[0]!.id, soon.id],
      ],
    ];
    for (const [overrides, extra, invoiceIds] of cases) {
      const response = await create(traveler, invoiceIds ?? ids, validTravel(overrides));
      assert.equal(response.statusCode, 400, `${JSON.stringify(overrides)}: ${response.body}`);
      assert.equal(response.json().detail, 'Some data in the request is not valid.');
      assert.deepEqual(response.json().extra, extra, JSON.stringify(overrides));
    }
    assert.deepEqual((await create(traveler, ids, validTravel({ travelDate: 'x' }), 'IT')).json().extra, {
      'travel.travelDate': 'Data e ora non valide',
    });
    // A malformed body is refused by the contract.
    assert.equal((await call(traveler, { method: 'POST', url: '', payload: { invoices: ids } })).statusCode, 400);
    // Nothing was claimed by the refused requests.
    assert.equal((await invoiceStates(db(), ids)).get(ids[0]!)?.state_code, 1);
    // The departure on the deadline day itself is allowed.
    assert.equal(
      (await create(traveler, [soon.id], validTravel({ travelDate: `${deadline}T20:00:00.000Z` }))).statusCode,
      200,
    );
  });

  it('knows the EU member states as the reference data does (the destination rule the wizard applies too)', async () => {
    const members = await db()
      .selectFrom('country')
      .select('code')
      .where('eu_member', '=', true)
      .orderBy('code')
      .execute();
    assert.deepEqual(
      members.map((row) => row.code),
      [...EU_MEMBER_STATES].sort(),
    );
  });

  it('keeps no document for crew members and drivers, and accepts a free zone of an EU country', async () => {
    const { traveler, invoices } = await travelerWithInvoices(3);
    const crew = await created(
      traveler,
      [invoices[0]!],
      validTravel({ crewMember: true, travelDocType: null, travelDocNumber: null }),
    );
    let visa = await detail(traveler, crew);
    assert.equal(visa.crewMember, true);
    assert.equal(visa.travelDocType, null);
    assert.equal(visa.travelDocNumber, null);
    await settle(crew);

    const driver = await created(
      traveler,
      [invoices[1]!],
      validTravel({
        transportType: 'MP',
        crewMember: true,
        travelDocType: 'PASSAPORTO',
        travelDocNumber: 'YA1',
        flightNumber: 'AZ1',
        destinationAirport: 'JFK',
        destinationCountry: 'CH',
      }),
    );
    visa = await detail(traveler, driver);
    assert.equal(visa.meansOfTransport?.code, 'MP');
    assert.equal(visa.crewMember, false);
    assert.equal(visa.travelDocNumber, null);
    assert.equal(visa.flightNumber, null);
    assert.equal(visa.destinationAirport, null);
    await settle(driver);

    const livigno = await created(
      traveler,
      [invoices[2]!],
      validTravel({
        transportType: 'MP',
        destinationCountry: 'IT',
        destinationFreeZone: 'IT-LIVIGNO',
        destinationAirport: null,
      }),
    );
    visa = await detail(traveler, livigno);
    assert.deepEqual(visa.destinationFreeZone, { code: 'IT-LIVIGNO', description: 'Livigno' });
  });

  it('labels the coded fields of a request in each of the twelve languages', async () => {
    const { traveler, invoices } = await travelerWithInvoices(2);
    const flight = await created(traveler, [invoices[0]!]);
    await settle(flight);
    const livigno = await created(
      traveler,
      [invoices[1]!],
      validTravel({
        transportType: 'MP',
        destinationCountry: 'IT',
        destinationFreeZone: 'IT-LIVIGNO',
        destinationAirport: null,
      }),
    );
    const repository = createVisaRepository(db());
    const labels = async (language: ServerLanguage) => {
      const row = (await repository.find(traveler.id, flight, language))!;
      const zone = (await repository.find(traveler.id, livigno, language))!;
      return [
        row.transport_label,
        row.travel_doc_label,
        row.destination_country_label,
        row.destination_airport_label,
        zone.transport_label,
        zone.destination_country_label,
        zone.destination_free_zone_label,
      ];
    };
    const jfk = 'New York John F. Kennedy (JFK)';
    assert.deepEqual(await labels('IT'), [
      'Aereo',
      'Passaporto',
      'Stati Uniti',
      jfk,
      'Mezzo privato',
      'Italia',
      'Livigno',
    ]);
    assert.deepEqual(await labels('EN'), [
      'Air',
      'Passport',
      'United States',
      jfk,
      'Private vehicle',
      'Italy',
      'Livigno',
    ]);
    assert.deepEqual(await labels('FR'), [
      'Avion',
      'Passeport',
      'États-Unis',
      jfk,
      'Véhicule particulier',
      'Italie',
      'Livigno',
    ]);
    assert.deepEqual(await labels('ZH-HANS'), [
      '飞机',
      '护照',
      '美国',
      '纽约肯尼迪机场 (JFK)',
      '私人车辆',
      '意大利',
      '利维尼奥',
    ]);
    assert.deepEqual(await labels('AR'), [
      'طائرة',
      'جواز سفر',
      'الولايات المتحدة',
      'مطار نيويورك جون إف كينيدي (JFK)',
      'مركبة خاصة',
      'إيطاليا',
      'ليفينيو',
    ]);
    for (const language of SERVER_LANGUAGES) {
      const { rows } = await repository.list(traveler.id, 10, 0, language);
      assert.equal(rows.length, 2, language);
      for (const row of rows) assert.ok(row.transport_label && row.destination_country_label, language);
    }
  });

  it('updates a pending request: invoices swapped, travel changed, a new QR code', async () => {
    const { traveler, invoices } = await travelerWithInvoices(3);
    const [kept, removed, added] = invoices as [TestInvoice, TestInvoice, TestInvoice];
    const id = await created(traveler, [kept, removed]);
    const before = await detail(traveler, id);
    const update = (body: object) => call(traveler, { method: 'PUT', url: '', payload: body });
    const response = await update({
      id,
      invoices: [kept.id, added.id],
      travel: validTravel({ flightNumber: 'lh 1234', travelDate: inDays(3) }),
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { id });
    const states = await invoiceStates(
      db(),
      invoices.map((invoice) => invoice.id),
    );
    assert.equal(states.get(kept.id)?.state_code, 90);
    assert.equal(states.get(removed.id)?.state_code, 30);
    assert.equal(states.get(added.id)?.state_code, 90);
    const after = await detail(traveler, id);
    assert.deepEqual(after.invoices?.map((invoice) => invoice.idRichiestaRimborso).sort(), [kept.id, added.id].sort());
    assert.equal(after.flightNumber, 'LH 1234');
    assert.notEqual(after.qrCode, before.qrCode);
    assert.equal(after.requestCode, before.requestCode);
    // The removed invoice can go back; the rules apply to an update too.
    assert.equal(
      (await update({ id, invoices: [kept.id, removed.id, added.id], travel: validTravel() })).statusCode,
      200,
    );
    const bad = await update({ id, invoices: [kept.id], travel: validTravel({ destinationCountry: 'DE' }) });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().extra['travel.destinationCountry']);
    // Another traveler's or unknown request: 404; an invoice of another request: 409.
    const other = await travelerWithInvoices(1);
    const othersId = await created(other.traveler, other.invoices);
    assert.equal((await update({ id: othersId, invoices: [kept.id], travel: validTravel() })).statusCode, 404);
    // Once the first request has moved on to a customs check, its invoices are still held by it.
    await settle(id, 20);
    const otherRequest = await created(traveler, [await insertInvoice(db(), traveler.document)]);
    const stolen = await update({ id: otherRequest, invoices: [kept.id], travel: validTravel() });
    assert.equal(stolen.statusCode, 409);
  });

  it('deletes a pending request: invoices available again; a request past pending cannot change', async () => {
    const { traveler, invoices } = await travelerWithInvoices(2);
    const id = await created(traveler, invoices);
    const response = await call(traveler, { method: 'DELETE', url: `/${id}` });
    assert.equal(response.statusCode, 204);
    for (const invoice of (
      await invoiceStates(
        db(),
        invoices.map((invoice) => invoice.id),
      )
    ).values())
      assert.equal(invoice.state_code, 30);
    assert.equal((await call(traveler, { method: 'GET', url: `/${id}` })).statusCode, 404);
    assert.equal(await userInfo(traveler), true);

    const again = await created(traveler, invoices);
    await db().updateTable('visa_request').set({ state_code: 20 }).where('id', '=', again).execute();
    for (const request of [
      { method: 'DELETE', url: `/${again}` },
      {
        method: 'PUT',
        url: '',
        payload: { id: again, invoices: invoices.map((invoice) => invoice.id), travel: validTravel() },
      },
      { method: 'POST', url: '/start-risk-analysis', payload: { id: again } },
    ] as Call[]) {
      const refused = await call(traveler, request);
      assert.equal(refused.statusCode, 409, `${request.method} ${request.url}`);
      assert.equal(refused.json().detail, 'Only a pending visa request can be changed, deleted or analysed.');
    }
    // Customs check: the QR is still shown; expired: not.
    assert.ok((await detail(traveler, again)).qrCode);
    await db().updateTable('visa_request').set({ state_code: 10 }).where('id', '=', again).execute();
    assert.equal((await detail(traveler, again)).qrCode, undefined);
  });

  it('answers 404 for another traveler’s request on every call', async () => {
    const owner = await travelerWithInvoices(1);
    const id = await created(owner.traveler, owner.invoices);
    const intruder = await travelerWithInvoices(1);
    for (const request of [
      { method: 'GET', url: `/${id}` },
      { method: 'GET', url: `/${id}/download` },
      { method: 'DELETE', url: `/${id}` },
      { method: 'PUT', url: '', payload: { id, invoices: [intruder.invoices[0]!.id], travel: validTravel() } },
      { method: 'POST', url: '/start-risk-analysis', payload: { id } },
    ] as Call[]) {
      const response = await call(intruder.traveler, request);
      assert.equal(response.statusCode, 404, `${request.method} ${request.url}`);
      assert.equal(response.json().detail, 'Visa request not found.');
    }
    assert.equal(
      (await call(intruder.traveler, { method: 'GET', url: `/${id}`, language: 'IT' })).json().detail,
      'Richiesta di visto non trovata.',
    );
    assert.equal((await call(intruder.traveler, { method: 'GET', url: '/abc' })).statusCode, 400);
    // Untouched.
    assert.equal((await detail(owner.traveler, id)).stateCode, 1);
  });

  it('starts the risk analysis: green → in completion, red → customs check', async () => {
    const green = build({}, { visas: { riskOptions: { score: { light: 1, reasons: [{ key: 'risk.noFindings' }] } } } });
    const red = build(
      {},
      {
        visas: {
          riskOptions: { score: { light: 10, reasons: [{ key: 'risk.crewMember' }, { key: 'risk.privateVehicle' }] } },
        },
      },
    );
    const { traveler, invoices } = await travelerWithInvoices(2);
    const first = await created(traveler, [invoices[0]!]);
    const response = await call(
      traveler,
      { method: 'POST', url: '/start-risk-analysis', payload: { id: first } },
      green,
    );
    assert.equal(response.statusCode, 200, response.body);
    let visa = response.json() as Visa;
    assert.equal(visa.stateCode, 50);
    assert.equal(visa.stateDescription, 'In completion');
    assert.equal(visa.visaToBeAnalysed, false);
    assert.equal(visa.riskAnalysis?.showTrafficLight, true);
    assert.equal(visa.riskAnalysis?.codeAnalysisResult, 1);
    assert.ok(visa.riskAnalysis?.message);
    assert.ok(visa.qrCode);
    assert.equal(visa.invoices?.[0]?.stateCode, 100);
    assert.equal(visa.invoices?.[0]?.inCompletion, true);
    assert.equal(await userInfo(traveler), true);

    const second = await created(traveler, [invoices[1]!]);
    visa = (
      await call(traveler, { method: 'POST', url: '/start-risk-analysis?language=IT', payload: { id: second } }, red)
    ).json();
    assert.equal(visa.stateCode, 20);
    assert.equal(visa.stateDescription, 'Controllo doganale');
    assert.equal(visa.riskAnalysis?.codeAnalysisResult, 10);
    assert.equal(visa.invoices?.[0]?.stateCode, 40);
    assert.ok((visa.riskAnalysis?.message ?? '').length > 0);

    // The real rules: one of the lights, and the request leaves pending.
    const third = await created(traveler, [await insertInvoice(db(), traveler.document)]);
    visa = (await call(traveler, { method: 'POST', url: '/start-risk-analysis', payload: { id: third } })).json();
    assert.ok([50, 20].includes(visa.stateCode));
  });

  it('keeps the session alive with PUT /visa/area', async () => {
    const traveler = await signedInTraveler(db());
    const response = await call(traveler, { method: 'PUT', url: '/area' });
    assert.equal(response.statusCode, 204);
    assert.equal(response.body, '');
  });

  it('downloads the request as a PDF', async () => {
    const { traveler, invoices } = await travelerWithInvoices(1);
    const id = await created(traveler, invoices);
    const { requestCode } = await detail(traveler, id);
    const response = await call(traveler, { method: 'GET', url: `/${id}/download?language=IT` });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['content-type'], 'application/pdf');
    // Named by the request code, as the traveler knows the request.
    assert.equal(response.headers['content-disposition'], `attachment; filename="visa-request-${requestCode}.pdf"`);
    assert.equal(response.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
  });

  it('keeps one pending request per traveler: a second is refused, the pending one can still change', async () => {
    const { traveler, invoices } = await travelerWithInvoices(3);
    const [first, second, third] = invoices as [TestInvoice, TestInvoice, TestInvoice];
    const id = await created(traveler, [first]);
    const { requestCode } = await detail(traveler, id);

    const refused = await create(traveler, [second.id]);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(
      refused.json().detail,
      `Your visa request ${requestCode} is still pending: have its QR code scanned at the exit point, or modify or delete it, before you create a new one.`,
    );
    const italian = await create(traveler, [second.id], validTravel(), 'IT');
    assert.equal(italian.statusCode, 409);
    assert.equal(
      italian.json().detail,
      `La tua richiesta di visto ${requestCode} è ancora in attesa: presenta il suo QR code al punto di uscita, oppure modificala o eliminala, prima di crearne una nuova.`,
    );
    // The list names the pending request when asked for that state only.
    const pendingList = (await call(traveler, { method: 'GET', url: '/list?stateCode=1&limit=1' })).json();
    assert.deepEqual(
      pendingList.requests.map((visa: Visa) => visa.idRichiesta),
      [id],
    );
    assert.equal(pendingList.links.totalItems, 1);
    assert.equal((await call(traveler, { method: 'GET', url: '/list?stateCode=abc' })).statusCode, 400);
    // Refused whatever the form holds, and nothing was claimed.
    assert.equal((await create(traveler, [third.id], validTravel({ flightNumber: null }))).statusCode, 409);
    assert.equal((await invoiceStates(db(), [second.id])).get(second.id)?.state_code, 1);

    // The pending request itself can still be modified.
    const update = await call(traveler, {
      method: 'PUT',
      url: '',
      payload: { id, invoices: [first.id, second.id], travel: validTravel() },
    });
    assert.equal(update.statusCode, 200, update.body);
    // Once it has moved on, a new request can be created.
    await settle(id);
    assert.deepEqual((await call(traveler, { method: 'GET', url: '/list?stateCode=1' })).json(), {
      requests: [],
      links: { totalItems: 0 },
    });
    assert.equal((await create(traveler, [third.id])).statusCode, 200);
    // Another traveler is not held back by this one's pending request.
    const other = await travelerWithInvoices(1);
    await created(other.traveler, other.invoices);
  });

  it(
    'lets one of two simultaneous creations of a traveler win',
    postgresOnly('the two requests race over two connections'),
    async () => {
      await raceRounds(async () => {
        const { traveler, invoices } = await travelerWithInvoices(2);
        const [one, two] = invoices as [TestInvoice, TestInvoice];
        const responses = await Promise.all([create(traveler, [one.id]), create(traveler, [two.id])]);
        assert.deepEqual(
          responses.map((response) => response.statusCode).sort(),
          [200, 409],
          responses.map((response) => response.body).join(' | '),
        );
        const pending = await db()
          .selectFrom('visa_request')
          .select('id')
          .where('traveler_id', '=', traveler.id)
          .where('state_code', '=', 1)
          .execute();
        assert.equal(pending.length, 1);
        // The loser's invoice was not claimed.
        const loser = responses.findIndex((response) => response.statusCode === 409) === 0 ? one : two;
        assert.equal((await invoiceStates(db(), [loser.id])).get(loser.id)?.state_code, 1);
      });
    },
  );

  it(
    'gives an invoice to one of two concurrent requests only',
    postgresOnly('the two requests race over two connections'),
    async () => {
      await raceRounds(async () => {
        const { traveler, invoices } = await travelerWithInvoices(2);
        const [shared, own] = invoices as [TestInvoice, TestInvoice];
        const responses = await Promise.all([create(traveler, [shared.id]), create(traveler, [own.id, shared.id])]);
        assert.deepEqual(
          responses.map((response) => response.statusCode).sort(),
          [200, 409],
          responses.map((response) => response.body).join(' | '),
        );
        const links = await db()
          .selectFrom('visa_request_invoice')
          .select('visa_request_id')
          .where('invoice_id', '=', shared.id)
          .where('released_at', 'is', null)
          .execute();
        assert.equal(links.length, 1);
        // The loser claimed nothing.
        const loser = responses.findIndex((response) => response.statusCode === 409);
        if (loser === 1) assert.equal((await invoiceStates(db(), [own.id])).get(own.id)?.state_code, 1);
      });
    },
  );
});
