import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { type Notification, addDays, romeToday } from '@varco/contracts';
import { sql } from 'kysely';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { signedInTraveler, type SignedInTraveler } from '../../test/travelers';
import { until } from '../../test/wait';
import { raceRounds } from '../../test/races';
import { createMerchantService } from '../merchants';
import {
  createVisaService,
  type VisaService,
  analyseRisk,
  decideInvoices,
  expireDue,
  grantAtExit,
  type ExitActor,
} from '../visas';
import { exitActor, insertInvoice, stubQr, validTravel } from '../visas/testing';
import { remindExitDeadlines } from './deadline-job';
import { notify } from './notify';

const BASE = '/api/v1/private/notifications';
const GREEN = { score: { light: 1 as const } };
const YELLOW = { score: { light: 5 as const } };

describeEachDatabase('the traveler’s notifications', ({ build, database, postgresOnly }) => {
  let app: TestApp;
  let visas: VisaService;
  let kiosk: ExitActor;
  let vendorKey: string;
  let sequence = 0;

  before(async () => {
    // No background job of this app writes notifications while a test counts them.
    app = build({}, { visaExpiry: { enabled: false }, deadlineReminders: { enabled: false } });
    await app.ready();
    visas = createVisaService(database().db, { qr: stubQr });
    kiosk = await exitActor(database().db, 'KIOSK');
    const merchants = createMerchantService(database().db);
    vendorKey = (
      await merchants.createMerchant({
        kind: 'VENDOR',
        name: 'Pelletteria Firenze S.r.l.',
        vatNumber: `IT-NOT-${process.pid}`,
      })
    ).apiKey;
  });

  const db = () => database().db;

  const call = (method: 'GET' | 'PUT', traveler: SignedInTraveler | null, url: string, language = 'EN') =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { 'accept-language': language, ...(traveler ? { cookie: traveler.cookie } : {}) },
    });

  const list = async (traveler: SignedInTraveler, query = '', language = 'EN') => {
    const response = await call('GET', traveler, query, language);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { notifications: Notification[]; links: { totalItems: number } };
  };
  const count = async (traveler: SignedInTraveler) => {
    const response = await call('GET', traveler, '/count');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.headers['cache-control'], 'private, no-store');
    return (response.json() as { counter: number }).counter;
  };

  /** The notifications written for a traveler, oldest first. */
  const stored = (traveler: SignedInTraveler) =>
    db()
      .selectFrom('notification')
      .select(['kind', 'params', 'visa_request_id', 'invoice_id', 'dedupe_key'])
      .where('traveler_id', '=', traveler.id)
      .orderBy('id')
      .execute();
  /** The notification mails sent to a traveler, oldest first. */
  const mails = async (traveler: SignedInTraveler) => {
    const { email } = await db()
      .selectFrom('traveler')
      .select('email')
      .where('id', '=', traveler.id)
      .executeTakeFirstOrThrow();
    return db()
      .selectFrom('mail_outbox')
      .select(['language', 'subject', 'text_body', 'html_body'])
      .where('recipient', '=', email)
      .where('template', '=', 'notification')
      .orderBy('id')
      .execute();
  };

  const created = (traveler: SignedInTraveler, requestCode: string) =>
    notify(db(), { travelerId: traveler.id, kind: 'VISA_CREATED', params: { requestCode } });

  /** A pending visa request of `traveler` holding `count` new invoices. */
  async function pendingRequest(traveler: SignedInTraveler, count = 1) {
    const invoices = [];
    for (let index = 0; index < count; index += 1) invoices.push(await insertInvoice(db(), traveler.document));
    const { id } = await visas.create(traveler.id, {
      invoices: invoices.map((invoice) => invoice.id),
      travel: validTravel(),
    });
    const { request_code: requestCode } = await db()
      .selectFrom('visa_request')
      .select('request_code')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, requestCode, invoices };
  }

  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', ''],
      ['GET', '/count'],
      ['PUT', '/1'],
    ] as const)
      assert.equal((await call(method, null, url)).statusCode, 401, url);
  });

  it('lists the traveler’s own notifications, newest first, 30 a page by default', async () => {
    const traveler = await signedInTraveler(db());
    const other = await signedInTraveler(db());
    await created(other, 'VR-OTHER');
    for (let index = 1; index <= 32; index += 1) await created(traveler, `VR-${index}`);

    const first = await list(traveler);
    assert.equal(first.links.totalItems, 32);
    assert.equal(first.notifications.length, 30);
    assert.match(first.notifications[0]!.tipoNotifica.messaggio, /VR-32 has been created/);
    assert.match(first.notifications[29]!.tipoNotifica.messaggio, /VR-3 has been created/);
    const second = await list(traveler, '?page=1');
    assert.deepEqual(
      second.notifications.map((notification) => notification.tipoNotifica.messaggio.match(/VR-\d+/)?.[0]),
      ['VR-2', 'VR-1'],
    );
    assert.equal(second.links.totalItems, 32);
    // Past the end: no rows, the total still right.
    assert.deepEqual(await list(traveler, '?page=5&limit=10'), { notifications: [], links: { totalItems: 32 } });
    const small = await list(traveler, '?page=2&limit=4');
    assert.equal(small.notifications.length, 4);
    assert.match(small.notifications[0]!.tipoNotifica.messaggio, /VR-24 /);
    for (const bad of ['?limit=0', '?limit=101', '?page=-1', '?language=SV', '?language=de'])
      assert.equal((await call('GET', traveler, bad)).statusCode, 400, bad);

    const [newest] = first.notifications;
    assert.equal(newest!.dataLettura, null);
    assert.ok(!Number.isNaN(Date.parse(newest!.dataInserimento)));
    assert.equal((await call('GET', traveler, '')).headers['cache-control'], 'private, no-store');
    // Nobody else's: the other traveler's notification is not in the list.
    assert.ok(first.notifications.every((notification) => !notification.tipoNotifica.messaggio.includes('VR-OTHER')));
  });

  it('renders messages in the language of the request: the language query, else Accept-Language', async () => {
    const traveler = await signedInTraveler(db());
    await notify(db(), {
      travelerId: traveler.id,
      kind: 'INVOICE_MATCHED',
      params: { invoiceNumber: 'F-77', vendor: 'Pelletteria Firenze', amount: 1234.5 },
    });
    await notify(db(), {
      travelerId: traveler.id,
      kind: 'EXIT_DEADLINE_7',
      params: { invoiceNumber: 'F-77', deadline: '2026-04-30' },
    });

    const english = (await list(traveler, '', 'EN')).notifications.map(
      (notification) => notification.tipoNotifica.messaggio,
    );
    assert.deepEqual(english, [
      'The exit deadline of invoice F-77 is 30 April 2026: less than a week left to leave the EU with the goods and get the visa.',
      'Invoice F-77 of Pelletteria Firenze for €1,234.50 is now in your area.',
    ]);
    const italian = (await list(traveler, '', 'IT')).notifications.map(
      (notification) => notification.tipoNotifica.messaggio,
    );
    assert.match(italian[0]!, /^Il termine di uscita della fattura F-77 è il 30 aprile 2026/);
    assert.match(
      italian[1]!,
      /^La fattura F-77 di Pelletteria Firenze da 1234,50\s€ è ora nella tua area\.$|^La fattura F-77 di Pelletteria Firenze da 1\.234,50\s€ è ora nella tua area\.$/,
    );
    // The query's language wins over Accept-Language (docs/calls.md).
    assert.match((await list(traveler, '?language=IT', 'EN')).notifications[0]!.tipoNotifica.messaggio, /^Il termine/);
    assert.match(
      (await list(traveler, '?language=EN', 'IT')).notifications[0]!.tipoNotifica.messaggio,
      /^The exit deadline/,
    );
  });

  it('tells of a new request what its page tells: pending, show the QR code at the exit point', async () => {
    const traveler = await signedInTraveler(db());
    await notify(db(), { travelerId: traveler.id, kind: 'VISA_CREATED', params: { requestCode: 'VR-NEW' } });
    assert.equal(
      (await list(traveler, '', 'EN')).notifications[0]!.tipoNotifica.messaggio,
      'Visa request VR-NEW has been created and is pending: show its QR code at the exit point (kiosk or customs officer) when you leave the EU, or start the risk analysis from the request.',
    );
    assert.equal(
      (await list(traveler, '', 'IT')).notifications[0]!.tipoNotifica.messaggio,
      "La richiesta di visto VR-NEW è stata creata ed è in attesa: mostra il suo QR code al punto di uscita (totem o funzionario doganale) quando lasci l'UE, oppure avvia l'analisi dei rischi dalla richiesta.",
    );
  });

  it('marks a notification read once, counts the unread, and answers 404 for another traveler’s', async () => {
    const traveler = await signedInTraveler(db());
    const other = await signedInTraveler(db());
    const first = (await created(traveler, 'VR-A'))!;
    const second = (await created(traveler, 'VR-B'))!;
    await created(other, 'VR-C');
    assert.equal(await count(traveler), 2);
    assert.equal(await count(other), 1);

    const marked = await call('PUT', traveler, `/${first}?language=IT`);
    assert.equal(marked.statusCode, 200, marked.body);
    assert.equal(marked.headers['cache-control'], 'private, no-store');
    const read = marked.json() as Notification;
    assert.equal(read.id, first);
    assert.match(read.tipoNotifica.messaggio, /^La richiesta di visto VR-A è stata creata/);
    assert.ok(read.dataLettura && !Number.isNaN(Date.parse(read.dataLettura)));
    assert.equal(await count(traveler), 1);

    // Again: 200, the first read instant kept, the count unchanged. The instant is moved an hour back first, so that a
    // new one written now could not look the same.
    const readAt = new Date(Date.parse(read.dataLettura) - 3_600_000);
    await db().updateTable('notification').set({ read_at: readAt }).where('id', '=', first).execute();
    const again = (await call('PUT', traveler, `/${first}`)).json() as Notification;
    assert.equal(again.dataLettura, readAt.toISOString());
    assert.equal(await count(traveler), 1);
    const listed = (await list(traveler)).notifications;
    assert.equal(listed.find((notification) => notification.id === first)?.dataLettura, readAt.toISOString());
    assert.equal(listed.find((notification) => notification.id === second)?.dataLettura, null);

    // Another traveler's notification is unknown to them, and stays unread.
    const foreign = await call('PUT', other, `/${second}`);
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().detail, 'Notification not found.');
    assert.equal(await count(traveler), 1);
    assert.equal((await call('PUT', traveler, '/2147483647')).statusCode, 404);
    for (const bad of ['/abc', '/0', '/2147483648'])
      assert.equal((await call('PUT', traveler, bad)).statusCode, 400, bad);

    assert.equal((await call('PUT', traveler, `/${second}`)).statusCode, 200);
    assert.equal(await count(traveler), 0);
  });

  it('follows every committed change in the count, whatever code and whichever instance made it', async () => {
    const traveler = await signedInTraveler(db());
    const second = build({}, { visaExpiry: { enabled: false }, deadlineReminders: { enabled: false } });
    await second.ready();
    const countOn = async (instance: TestApp) =>
      (await instance.inject({ method: 'GET', url: `${BASE}/count`, headers: { cookie: traveler.cookie } })).json<{
        counter: number;
      }>().counter;
    /** Both instances answer `expected`, once the database's message has reached them. */
    const eventually = (expected: number) =>
      until(
        `both instances to count ${expected}`,
        async () => (await countOn(app)) === expected && (await countOn(second)) === expected,
      );
    await eventually(0);
    // Written in a transaction of some state change (the kiosk's, the merchant intake's, a job's...).
    const first = await db()
      .transaction()
      .execute((trx) =>
        notify(trx, { travelerId: traveler.id, kind: 'VISA_CREATED', params: { requestCode: 'VR-SYNC-1' } }),
      );
    await eventually(1);
    await created(traveler, 'VR-SYNC-2');
    await eventually(2);
    // Read on one instance: that one answers at once, the other once told.
    assert.equal(
      (await second.inject({ method: 'PUT', url: `${BASE}/${first}`, headers: { cookie: traveler.cookie } }))
        .statusCode,
      200,
    );
    assert.equal(await countOn(second), 1);
    await eventually(1);
  });

  it('counts the unread off the partial index alone', async () => {
    const traveler = await signedInTraveler(db());
    await created(traveler, 'VR-PLAN');
    const plan = await db()
      .transaction()
      .execute(async (trx) => {
        // Whatever the table's size, the plan must be able to answer from the index without the table.
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const rows = await sql<{
          'QUERY PLAN': string;
        }>`explain select count(*)::int as counter from notification where traveler_id = ${traveler.id} and read_at is null`.execute(
          trx,
        );
        return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    assert.match(plan, /Index Only Scan using notification_unread_idx/);
  });

  it('notifies each step of a visa request, with a mail in the traveler’s language', async () => {
    const traveler = await signedInTraveler(db());
    await db().updateTable('traveler').set({ language: 'IT' }).where('id', '=', traveler.id).execute();

    // Created, then green from the traveler (50), then the exit scan (100).
    const green = await pendingRequest(traveler, 2);
    await analyseRisk(db(), green.id, 'TRAVELER', undefined, GREEN);
    await grantAtExit(db(), green.id, kiosk);
    // Created, then yellow (20), then the officer's decisions (100).
    const checked = await pendingRequest(traveler, 2);
    await analyseRisk(db(), checked.id, 'TRAVELER', undefined, YELLOW);
    await decideInvoices(db(), checked.id, [{ refundId: checked.invoices[0]!.id, outcome: 100 }], kiosk);
    await decideInvoices(db(), checked.id, [{ refundId: checked.invoices[1]!.id, outcome: 10 }], kiosk);
    // Created, then green at the exit point: granted at once.
    const scanned = await pendingRequest(traveler);
    await analyseRisk(db(), scanned.id, 'KIOSK', kiosk, GREEN);
    // A refused transition writes nothing.
    await assert.rejects(analyseRisk(db(), scanned.id, 'TRAVELER', undefined, GREEN));

    assert.deepEqual(
      (await stored(traveler)).map((row) => [row.kind, row.visa_request_id, row.params]),
      [
        ['VISA_CREATED', green.id, { requestCode: green.requestCode }],
        ['RISK_GREEN', green.id, { requestCode: green.requestCode }],
        ['VISA_GRANTED', green.id, { requestCode: green.requestCode }],
        ['VISA_CREATED', checked.id, { requestCode: checked.requestCode }],
        ['CUSTOMS_CHECK', checked.id, { requestCode: checked.requestCode }],
        // Only once the last invoice is decided.
        ['VISA_DECIDED', checked.id, { requestCode: checked.requestCode }],
        ['VISA_CREATED', scanned.id, { requestCode: scanned.requestCode }],
        ['VISA_GRANTED', scanned.id, { requestCode: scanned.requestCode }],
      ],
    );
    const sent = await mails(traveler);
    assert.equal(sent.length, 8);
    assert.ok(sent.every((mail) => mail.language === 'IT' && mail.subject === 'Una nuova notifica da Varco'));
    assert.ok(
      sent.every((mail) => mail.text_body.split('\n').includes('http://localhost:8080/protected/notifications')),
    );
    assert.match(sent[1]!.text_body, new RegExp(`La richiesta di visto ${green.requestCode} è in completamento`));
    assert.match(sent[4]!.html_body, /richiede un controllo doganale/);
    // The list follows the interface language, not the traveler's.
    assert.match(
      (await list(traveler, '', 'EN')).notifications[0]!.tipoNotifica.messaggio,
      new RegExp(`^The customs visa of request ${scanned.requestCode} has been granted`),
    );
    assert.equal(await count(traveler), 8);
  });

  it('notifies a traveler whose request expires', async () => {
    const traveler = await signedInTraveler(db());
    const { id, requestCode } = await pendingRequest(traveler);
    await db()
      .updateTable('visa_request')
      .set({ travel_date: new Date(Date.now() - 13 * 3_600_000) })
      .where('id', '=', id)
      .execute();
    assert.ok((await expireDue(db(), new Date())) >= 1);
    assert.deepEqual(
      (await stored(traveler)).map((row) => [row.kind, row.visa_request_id]),
      [
        ['VISA_CREATED', id],
        ['VISA_EXPIRED', id],
      ],
    );
    assert.match((await mails(traveler))[1]!.text_body, new RegExp(`Visa request ${requestCode} has expired`));
  });

  it('notifies the registered holder of an invoice at intake, and nobody for an unknown document', async () => {
    const traveler = await signedInTraveler(db());
    const issue = (document: SignedInTraveler['document']) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/merchant/invoices',
        headers: { 'x-api-key': vendorKey },
        payload: {
          invoiceNumber: `N-${process.pid}-${++sequence}`,
          issueDate: romeToday(),
          totalAmount: 250,
          vatAmount: 45.08,
          traveler: { name: 'Grace Hopper', document },
        },
      });
    // The number as the shop typed it: spaces and lower case still match the traveler's document.
    const response = await issue({
      ...traveler.document,
      number: ` ${traveler.document.number.toLowerCase().slice(0, 3)} ${traveler.document.number.slice(3)}`,
    });
    assert.equal(response.statusCode, 201, response.body);
    const { refundId, invoiceNumber } = response.json() as { refundId: number; invoiceNumber: string };
    const before = await db()
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal((await issue({ ...traveler.document, number: `${traveler.document.number}0` })).statusCode, 201);
    const after = await db()
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(before.n));

    assert.deepEqual(
      (await stored(traveler)).map((row) => [row.kind, row.invoice_id, row.params]),
      [['INVOICE_MATCHED', refundId, { invoiceNumber, vendor: 'Pelletteria Firenze S.r.l.', amount: 250 }]],
    );
    const [mail] = await mails(traveler);
    assert.equal(mail?.subject, 'A new notification from Varco');
    assert.match(
      mail!.text_body,
      new RegExp(`Invoice ${invoiceNumber} of Pelletteria Firenze S.r.l. for €250.00 is now in your area.`),
    );
  });

  it('reminds the exit deadline 7 days and 1 day before, once each, for available invoices only', async () => {
    const traveler = await signedInTraveler(db());
    // Issued in January 2026: the exit deadline is 2026-04-30.
    const available = await insertInvoice(db(), traveler.document, { issueDay: '2026-01-15', state: 1 });
    const availableAgain = await insertInvoice(db(), traveler.document, { issueDay: '2026-01-31', state: 30 });
    const inRequest = await insertInvoice(db(), traveler.document, { issueDay: '2026-01-10', state: 90 });
    const cancelled = await insertInvoice(db(), traveler.document, { issueDay: '2026-01-11', state: 1 });
    await db()
      .updateTable('invoice')
      .set({ cancelled_at: new Date(), credit_note_number: 'NC-1' })
      .where('id', '=', cancelled.id)
      .execute();
    // Issued in February: due 2026-05-31, not yet.
    await insertInvoice(db(), traveler.document, { issueDay: '2026-02-01', state: 1 });

    const reminders = async () =>
      (await stored(traveler)).map((row) => [row.kind, row.invoice_id, row.dedupe_key, row.params]);

    // 2026-04-22: 8 days before, nothing yet.
    await remindExitDeadlines(db(), new Date('2026-04-22T10:00:00Z'));
    assert.deepEqual(await reminders(), []);
    // 2026-04-23: 7 days before. Run twice: written once.
    await remindExitDeadlines(db(), new Date('2026-04-23T10:00:00Z'));
    await remindExitDeadlines(db(), new Date('2026-04-23T10:00:00Z'));
    await remindExitDeadlines(db(), new Date('2026-04-25T10:00:00Z'));
    const week = [
      [
        'EXIT_DEADLINE_7',
        available.id,
        `deadline7:${available.id}`,
        { invoiceNumber: available.number, deadline: '2026-04-30' },
      ],
      [
        'EXIT_DEADLINE_7',
        availableAgain.id,
        `deadline7:${availableAgain.id}`,
        { invoiceNumber: availableAgain.number, deadline: '2026-04-30' },
      ],
    ];
    assert.deepEqual(await reminders(), week);
    // 2026-04-29, one day before (late evening UTC is already the 30th in Rome: still once).
    await remindExitDeadlines(db(), new Date('2026-04-29T10:00:00Z'));
    await remindExitDeadlines(db(), new Date('2026-04-29T22:30:00Z'));
    assert.deepEqual(await reminders(), [
      ...week,
      [
        'EXIT_DEADLINE_1',
        available.id,
        `deadline1:${available.id}`,
        { invoiceNumber: available.number, deadline: '2026-04-30' },
      ],
      [
        'EXIT_DEADLINE_1',
        availableAgain.id,
        `deadline1:${availableAgain.id}`,
        { invoiceNumber: availableAgain.number, deadline: '2026-04-30' },
      ],
    ]);
    assert.ok(!(await reminders()).some((row) => row[1] === inRequest.id || row[1] === cancelled.id));
    const sent = await mails(traveler);
    assert.equal(sent.length, 4);
    assert.match(sent[0]!.text_body, new RegExp(`The exit deadline of invoice ${available.number} is 30 April 2026`));
  });

  it(
    'writes each reminder once when two instances remind at the same time',
    postgresOnly('the two passes run over two connections at once'),
    async () => {
      await raceRounds(async () => {
        const traveler = await signedInTraveler(db());
        const invoices = [
          await insertInvoice(db(), traveler.document, { issueDay: '2026-01-20' }),
          await insertInvoice(db(), traveler.document, { issueDay: '2026-01-21' }),
        ];
        const at = new Date('2026-04-24T10:00:00Z');
        await Promise.all([remindExitDeadlines(db(), at), remindExitDeadlines(db(), at)]);
        assert.deepEqual(
          (await stored(traveler)).map((row) => [row.kind, row.invoice_id]),
          invoices.map((invoice) => ['EXIT_DEADLINE_7', invoice.id]),
        );
        assert.equal((await mails(traveler)).length, 2);
      });
    },
  );

  it('runs the deadline reminders by itself', async () => {
    const traveler = await signedInTraveler(db());
    const invoice = await insertInvoice(db(), traveler.document, { issueDay: addDays('2026-03-01', 3) });
    // Issued in March 2026: due 2026-06-30; the job's clock says 2026-06-29.
    const job = build(
      {},
      {
        visaExpiry: { enabled: false },
        deadlineReminders: { intervalMs: 20, clock: () => new Date('2026-06-29T09:00:00Z') },
      },
    );
    await job.ready();
    await until('the job to write the reminder', async () => (await stored(traveler)).length > 0);
    await job.close();
    assert.deepEqual(
      (await stored(traveler)).map((row) => [row.kind, row.invoice_id]),
      [['EXIT_DEADLINE_1', invoice.id]],
    );
  });
});
