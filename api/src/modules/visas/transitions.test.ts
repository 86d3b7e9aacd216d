import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { AppError } from '../../app-error';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';
import { until } from '../../test/wait';
import { raceRounds } from '../../test/races';
import { romeToday } from '@varco/contracts';
import { sql } from 'kysely';
import { createVisaService, type VisaService } from './service';
import {
  exitActor,
  insertInvoice,
  invoiceStates,
  issueDayPastDeadline,
  stubQr,
  validTravel,
  type TestInvoice,
} from './testing';
import {
  analyseRisk,
  decideInvoices,
  exitScanTransition,
  expireDue,
  grantAtExit,
  newReleaseCode,
  writeExitScan,
  type ExitActor,
  type ExitScanRequest,
} from './transitions';

const GREEN = { score: { light: 1 as const, reasons: [{ key: 'risk.noFindings' }] } };
const YELLOW = { score: { light: 5 as const, reasons: [{ key: 'risk.crewMember' }] } };
const RED = { score: { light: 10 as const } };

describeEachDatabase('the visa request state machine', ({ database, build, postgresOnly }) => {
  let service: VisaService;
  let kiosk: ExitActor;
  let officer: ExitActor;

  before(async () => {
    // The app migrates the database when it starts (PostgreSQL's test database starts empty). Its expiry job is off:
    // the tests run expireDue, or an app of their own, and see only what those did.
    await build({}, { visaExpiry: { enabled: false } }).ready();
    service = createVisaService(database().db, { qr: stubQr });
    kiosk = await exitActor(database().db, 'KIOSK');
    officer = await exitActor(database().db, 'OFFICER');
  });

  const db = () => database().db;
  const request = (id: number) =>
    db().selectFrom('visa_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** A pending request of a new traveler holding `count` invoices. */
  async function pending(count = 2): Promise<{ id: number; traveler: SignedInTraveler; invoices: TestInvoice[] }> {
    const traveler = await signedInTraveler(db());
    const invoices = [];
    for (let index = 0; index < count; index += 1) invoices.push(await insertInvoice(db(), traveler.document));
    const { id } = await service.create(traveler.id, {
      invoices: invoices.map((invoice) => invoice.id),
      travel: validTravel(),
    });
    return { id, traveler, invoices };
  }

  const ids = (invoices: TestInvoice[]) => invoices.map((invoice) => invoice.id);

  it('green from the traveler: 50 in completion, invoices granted in completion, the analysis written', async () => {
    const { id, invoices } = await pending();
    assert.deepEqual(await analyseRisk(db(), id, 'TRAVELER', undefined, GREEN), { stateCode: 50, light: 1 });
    const row = await request(id);
    assert.equal(row.state_code, 50);
    assert.equal(row.risk_result, 1);
    assert.deepEqual(row.risk_reasons, [{ key: 'risk.noFindings' }]);
    assert.equal(row.risk_origin, 'TRAVELER');
    assert.ok(row.risk_analysed_at);
    assert.equal(row.scanned_at, null);
    for (const invoice of (await invoiceStates(db(), ids(invoices))).values()) {
      assert.equal(invoice.state_code, 100);
      assert.equal(invoice.in_completion, true);
      assert.equal(invoice.release_code, null);
    }
    // Only a pending request is analysed.
    await assert.rejects(
      analyseRisk(db(), id, 'TRAVELER', undefined, GREEN),
      (error: unknown) =>
        error instanceof AppError && error.statusCode === 409 && error.detail.key === 'visa.notPending',
    );
  });

  it('grantAtExit: 50 → 100, invoices granted with the release data of the actor', async () => {
    const { id, invoices } = await pending();
    await analyseRisk(db(), id, 'TRAVELER', undefined, GREEN);
    assert.deepEqual(await grantAtExit(db(), id, kiosk), { stateCode: 100, light: 1 });
    const row = await request(id);
    assert.equal(row.state_code, 100);
    assert.equal(row.scanned_by, kiosk.clientId);
    assert.equal(row.customs_office, 'IT277100');
    assert.ok(row.scanned_at && row.completed_at);
    const codes = new Set<string>();
    for (const invoice of (await invoiceStates(db(), ids(invoices))).values()) {
      assert.equal(invoice.state_code, 100);
      assert.equal(invoice.in_completion, false);
      assert.equal(invoice.customs_office, 'IT277100');
      assert.ok(invoice.release_date);
      assert.match(invoice.release_code ?? '', new RegExp(`^${romeToday().slice(2, 4)}IT277100\\d{6}$`));
      codes.add(invoice.release_code!);
    }
    assert.equal(codes.size, invoices.length);
    // Once completed, the exit scan cannot grant again; a pending request is not in completion either.
    await assert.rejects(
      grantAtExit(db(), id, kiosk),
      (error: unknown) => error instanceof AppError && error.detail.key === 'visa.notInCompletion',
    );
    const other = await pending(1);
    await assert.rejects(
      grantAtExit(db(), other.id, kiosk),
      (error: unknown) => error instanceof AppError && error.statusCode === 409,
    );
    await assert.rejects(
      grantAtExit(db(), 2_000_000_000, kiosk),
      (error: unknown) => error instanceof AppError && error.statusCode === 404,
    );
  });

  it('green at the exit point: completed at once, invoices granted', async () => {
    const { id, invoices } = await pending(1);
    assert.deepEqual(await analyseRisk(db(), id, 'KIOSK', kiosk, GREEN), { stateCode: 100, light: 1 });
    const row = await request(id);
    assert.equal(row.risk_origin, 'KIOSK');
    assert.equal(row.scanned_by, kiosk.clientId);
    assert.ok(row.completed_at);
    const invoice = (await invoiceStates(db(), ids(invoices))).get(invoices[0]!.id)!;
    assert.equal(invoice.state_code, 100);
    assert.equal(invoice.in_completion, false);
    assert.ok(invoice.release_code);
  });

  it('yellow or red: 20 customs check, invoices 40', async () => {
    for (const [options, light, origin, actor] of [
      [YELLOW, 5, 'TRAVELER', undefined],
      [RED, 10, 'OFFICER', officer],
    ] as const) {
      const { id, invoices } = await pending();
      assert.deepEqual(await analyseRisk(db(), id, origin, actor, options), { stateCode: 20, light });
      const row = await request(id);
      assert.equal(row.state_code, 20);
      assert.equal(row.risk_result, light);
      assert.equal(row.scanned_by, actor?.clientId ?? null);
      for (const invoice of (await invoiceStates(db(), ids(invoices))).values()) assert.equal(invoice.state_code, 40);
    }
  });

  it('scores with the risk rules when no light is forced', async () => {
    const { id } = await pending(1);
    // random() = 0.99: not drawn for the random sample; a small request by air with a passport has no finding.
    const outcome = await analyseRisk(db(), id, 'TRAVELER', undefined, { random: () => 0.99 });
    assert.deepEqual(outcome, { stateCode: 50, light: 1 });
    assert.deepEqual((await request(id)).risk_reasons, [{ key: 'risk.noFindings' }]);
  });

  it('decideInvoices: per invoice, the request completed when none is left at 40', async () => {
    const { id, invoices } = await pending(3);
    const [granted, denied, notSelected] = invoices as [TestInvoice, TestInvoice, TestInvoice];
    await analyseRisk(db(), id, 'OFFICER', officer, RED);

    assert.deepEqual(await decideInvoices(db(), id, [{ refundId: granted.id, outcome: 100 }], officer), {
      stateCode: 20,
      light: 10,
    });
    let states = await invoiceStates(db(), ids(invoices));
    assert.equal(states.get(granted.id)?.state_code, 100);
    assert.ok(states.get(granted.id)?.release_code);
    assert.equal(states.get(denied.id)?.state_code, 40);
    assert.equal((await request(id)).state_code, 20);

    // An invoice already decided, or not of this request, is refused and nothing changes.
    for (const refundId of [granted.id, (await pending(1)).invoices[0]!.id]) {
      await assert.rejects(
        decideInvoices(db(), id, [{ refundId, outcome: 10 }], officer),
        (error: unknown) =>
          error instanceof AppError && error.statusCode === 400 && error.detail.key === 'visa.invoiceNotUnderCheck',
      );
    }

    const outcome = await decideInvoices(
      db(),
      id,
      [
        { refundId: denied.id, outcome: 10 },
        { refundId: notSelected.id, outcome: 50 },
      ],
      officer,
    );
    assert.deepEqual(outcome, { stateCode: 100, light: 10 });
    states = await invoiceStates(db(), ids(invoices));
    assert.equal(states.get(denied.id)?.state_code, 10);
    assert.equal(states.get(notSelected.id)?.state_code, 50);
    assert.equal(states.get(denied.id)?.release_code, null);
    const row = await request(id);
    assert.equal(row.state_code, 100);
    assert.ok(row.completed_at);
    await assert.rejects(
      decideInvoices(db(), id, [], officer),
      (error: unknown) => error instanceof AppError && error.detail.key === 'visa.notInCustomsCheck',
    );
  });

  it('expireDue: pending requests 12 hours past their travel date expire; invoices back to 30, or 20 past their deadline', async () => {
    const now = new Date();
    const due = await pending(1);
    const traveler = due.traveler;
    // A request (of another traveler: one pending each) whose invoice's exit deadline passed while it waited (written
    // directly: the rules refuse it).
    const lateOne = await pending(1);
    const [late] = lateOne.invoices as [TestInvoice];
    const lateRequest = lateOne.id;
    await db()
      .updateTable('invoice')
      .set({ emission_date: issueDayPastDeadline() })
      .where('id', '=', late.id)
      .execute();
    const recent = await pending(1);
    const setTravel = (id: number, hoursAgo: number) =>
      db()
        .updateTable('visa_request')
        .set({ travel_date: new Date(now.getTime() - hoursAgo * 3_600_000) })
        .where('id', '=', id)
        .execute();
    await setTravel(due.id, 13);
    await setTravel(lateRequest, 24 * 5);
    await setTravel(recent.id, 11);

    assert.ok((await expireDue(db(), now)) >= 2);
    for (const id of [due.id, lateRequest]) {
      const row = await request(id);
      assert.equal(row.state_code, 10);
      assert.ok(row.expired_at);
    }
    assert.equal((await request(recent.id)).state_code, 1);
    const states = await invoiceStates(db(), [due.invoices[0]!.id, late.id, recent.invoices[0]!.id]);
    assert.equal(states.get(due.invoices[0]!.id)?.state_code, 30);
    assert.equal(states.get(late.id)?.state_code, 20);
    assert.equal(states.get(recent.invoices[0]!.id)?.state_code, 90);
    const links = await db()
      .selectFrom('visa_request_invoice')
      .select(['invoice_id', 'released_at'])
      .where('visa_request_id', 'in', [due.id, lateRequest])
      .execute();
    assert.equal(links.length, 2);
    assert.ok(links.every((link) => link.released_at !== null));
    // The released invoice can go into a new request; the expired one keeps its history.
    const again = await service.create(traveler.id, { invoices: [due.invoices[0]!.id], travel: validTravel() });
    assert.ok(again.id > 0);
    assert.equal(await expireDue(db(), now), 0);
  });

  it('expireDue leaves a request in customs check or in completion alone, however long past its travel date', async () => {
    const checked = await pending(1);
    await analyseRisk(db(), checked.id, 'TRAVELER', undefined, YELLOW);
    const completing = await pending(1);
    await analyseRisk(db(), completing.id, 'TRAVELER', undefined, GREEN);
    const longAgo = new Date(Date.now() - 5 * 24 * 3_600_000);
    await db()
      .updateTable('visa_request')
      .set({ travel_date: longAgo })
      .where('id', 'in', [checked.id, completing.id])
      .execute();
    await expireDue(db(), new Date());
    for (const [{ id, invoices }, stateCode, invoiceState] of [
      [checked, 20, 40],
      [completing, 50, 100],
    ] as const) {
      const row = await request(id);
      assert.equal(row.state_code, stateCode);
      assert.equal(row.expired_at, null);
      assert.equal((await invoiceStates(db(), ids(invoices))).get(invoices[0]!.id)?.state_code, invoiceState);
      const links = await db()
        .selectFrom('visa_request_invoice')
        .select('released_at')
        .where('visa_request_id', '=', id)
        .execute();
      assert.deepEqual(links, [{ released_at: null }]);
    }
  });

  /** A pending request whose travel date is 13 hours past: due to expire. */
  async function duePending(): Promise<number> {
    const { id } = await pending(1);
    await db()
      .updateTable('visa_request')
      .set({ travel_date: new Date(Date.now() - 13 * 3_600_000) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('the expiry job runs as soon as the app is ready, not an interval later', async () => {
    const id = await duePending();
    const app: TestApp = build({}, { visaExpiry: { intervalMs: 3_600_000 } });
    await app.ready();
    // The next pass is an hour away: only the first one, at start, can expire it.
    await until('the expiry job to expire the request', async () => (await request(id)).state_code === 10);
    await app.close();
  });

  it('the expiry job runs again every interval', async () => {
    const first = await duePending();
    const app: TestApp = build({}, { visaExpiry: { intervalMs: 50 } });
    await app.ready();
    await until('the first pass', async () => (await request(first)).state_code === 10);
    const later = await duePending();
    await until('a later pass', async () => (await request(later)).state_code === 10);
    await app.close();
  });

  it(
    'two instances expiring at the same time expire each request once',
    postgresOnly('the two passes run over two connections at once'),
    async () => {
      await raceRounds(async () => {
        const due = [await duePending(), await duePending(), await duePending()];
        const expired = await Promise.all([expireDue(db(), new Date()), expireDue(db(), new Date())]);
        // Each pass counts what it expired: together exactly the due requests, none twice.
        assert.equal(expired[0] + expired[1], due.length);
        for (const id of due) assert.equal((await request(id)).state_code, 10);
        assert.equal(await expireDue(db(), new Date()), 0);
      });
    },
  );

  it('writeExitScan writes nothing when the request changed since it was read, and all of it otherwise', async () => {
    const { id, traveler, invoices } = await pending(2);
    /** The request as the exit point reads it (its row version with it). */
    const read = async (): Promise<ExitScanRequest> => {
      const row = await db()
        .selectFrom('visa_request')
        .select(['request_code', 'state_code', sql<string>`xmin::text`.as('version')])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        id,
        version: row.version,
        requestCode: row.request_code,
        travelerId: traveler.id,
        stateCode: row.state_code,
        riskResult: null,
        invoiceIds: ids(invoices),
        risk: {
          requestId: id,
          crewMember: false,
          transportType: 'AE',
          travelDate: new Date(),
          invoices: [],
          previousCustomsChecks: 0,
          previousDenials: 0,
        },
        recipient: { email: `exit-${id}@varco.invalid`, language: 'EN', nome: 'Grace', cognome: 'Hopper' },
      };
    };
    const audit = { clientId: kiosk.clientId, events: [{ kind: 'GRANTED', detail: { test: true } }] };
    const trail = () =>
      db().selectFrom('exit_point_event').select(['kind', 'detail']).where('visa_request_id', '=', id).execute();
    const told = () =>
      db().selectFrom('notification').select('kind').where('visa_request_id', '=', id).orderBy('id').execute();

    const stale = await read();
    // The traveler changes the request after the scan has read it.
    await db().updateTable('visa_request').set({ updated_at: new Date() }).where('id', '=', id).execute();
    const transition = exitScanTransition(stale, kiosk, { ...GREEN, now: new Date() })!;
    assert.equal(await writeExitScan(db(), stale, transition, audit), false);
    assert.equal((await request(id)).state_code, 1);
    for (const invoice of (await invoiceStates(db(), ids(invoices))).values()) assert.equal(invoice.state_code, 90);
    assert.deepEqual(await trail(), []);
    assert.deepEqual(await told(), [{ kind: 'VISA_CREATED' }]);

    const fresh = await read();
    const granted = exitScanTransition(fresh, kiosk, { ...GREEN, now: new Date() })!;
    assert.equal(await writeExitScan(db(), fresh, granted, audit), true);
    const row = await request(id);
    assert.equal(row.state_code, 100);
    assert.equal(row.risk_origin, 'KIOSK');
    assert.equal(row.scanned_by, kiosk.clientId);
    const codes = new Set<string>();
    for (const invoice of (await invoiceStates(db(), ids(invoices))).values()) {
      assert.equal(invoice.state_code, 100);
      assert.equal(invoice.customs_office, 'IT277100');
      codes.add(invoice.release_code!);
    }
    assert.deepEqual([...codes].sort(), Object.values(granted.invoices.releaseCodes!).sort());
    assert.deepEqual(await trail(), [{ kind: 'GRANTED', detail: { test: true } }]);
    assert.deepEqual(await told(), [{ kind: 'VISA_CREATED' }, { kind: 'VISA_GRANTED' }]);
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['language', 'template', 'priority'])
      .where('recipient', '=', `exit-${id}@varco.invalid`)
      .execute();
    assert.deepEqual(mail, [{ language: 'EN', template: 'notification', priority: 1 }]);
    // Written once: the same read cannot be written again.
    assert.equal(await writeExitScan(db(), fresh, granted, audit), false);
  });

  it('release codes name the year and the office', () => {
    assert.match(newReleaseCode('IT277100', new Date('2026-03-01T10:00:00Z')), /^26IT277100\d{6}$/);
  });
});
