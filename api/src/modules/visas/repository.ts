import {
  HOME_VISAS_LIMIT,
  INVOICE_AVAILABLE_STATES,
  InvoiceState,
  VisaState,
  type ServerLanguage,
} from '@varco/contracts';
import { sql, type Kysely, type QueryCreator, type Transaction, type Updateable } from 'kysely';
import type { Database, RiskOrigin, RiskReason } from '../../db/types';
import type { VisaNotificationRows } from '../notifications';
import { heldBy, invoiceColumns, type InvoiceRow } from '../invoices';
import { labelColumn, referenceQueries, type TravelCodes } from '../typology';

type Db = Kysely<Database> | Transaction<Database>;

/** A visa request as the traveler's calls read it, with its totals and the labels of its coded fields. */
export interface VisaRow {
  id: number;
  public_id: string;
  request_code: string;
  traveler_id: number;
  state_code: number;
  created_at: Date;
  travel_date: Date;
  transport_type: string;
  transport_label: string;
  crew_member: boolean;
  travel_doc_type: string | null;
  travel_doc_label: string | null;
  travel_doc_number: string | null;
  destination_country: string;
  destination_country_label: string;
  destination_airport: string | null;
  destination_airport_label: string | null;
  destination_free_zone: string | null;
  destination_free_zone_label: string | null;
  flight_number: string | null;
  qr_issued_at: Date;
  risk_result: number | null;
  risk_reasons: RiskReason[] | null;
  risk_origin: RiskOrigin | null;
  risk_analysed_at: Date | null;
  total_amount: number;
  total_invoices: number;
}

/** The travel data of a request, checked and normalised by the service. */
export interface TravelValues {
  transport_type: string;
  crew_member: boolean;
  travel_date: Date;
  travel_doc_type: string | null;
  travel_doc_number: string | null;
  destination_country: string;
  destination_free_zone: string | null;
  destination_airport: string | null;
  flight_number: string | null;
}

/** An invoice of the traveler as the request rules need it. */
export interface CandidateInvoice {
  id: number;
  invoice_number: string;
  emission_day: string;
  state_code: number;
  /** The live request holding it, if any. */
  visa_request_id: number | null;
}

/** The visa request rows of one traveler (every traveler call starts here) with their totals and labels. */
function visaRows(db: Db, language: ServerLanguage) {
  const label = labelColumn(language);
  return (
    db
      .selectFrom('visa_request as v')
      .innerJoin('transport_type as tt', 'tt.code', 'v.transport_type')
      .innerJoin('country as dc', 'dc.code', 'v.destination_country')
      .leftJoin('document_type as dt', 'dt.code', 'v.travel_doc_type')
      .leftJoin('airport as ap', 'ap.code', 'v.destination_airport')
      .leftJoin('free_zone as fz', 'fz.code', 'v.destination_free_zone')
      .select([
        'v.id',
        'v.public_id',
        'v.request_code',
        'v.traveler_id',
        'v.state_code',
        'v.created_at',
        'v.travel_date',
        'v.transport_type',
        `tt.${label} as transport_label`,
        'v.crew_member',
        'v.travel_doc_type',
        `dt.${label} as travel_doc_label`,
        'v.travel_doc_number',
        'v.destination_country',
        `dc.${label} as destination_country_label`,
        'v.destination_airport',
        `ap.${label} as destination_airport_label`,
        'v.destination_free_zone',
        `fz.${label} as destination_free_zone_label`,
        'v.flight_number',
        'v.qr_issued_at',
        'v.risk_result',
        'v.risk_reasons',
        'v.risk_origin',
        'v.risk_analysed_at',
      ])
      // Every invoice the request held, live or released (an expired request keeps its history).
      .select(
        sql<number>`coalesce((select sum(i.total_amount) from visa_request_invoice vi join invoice i on i.id = vi.invoice_id where vi.visa_request_id = v.id), 0)::float8`.as(
          'total_amount',
        ),
      )
      .select(
        sql<number>`(select count(*) from visa_request_invoice vi where vi.visa_request_id = v.id)::int`.as(
          'total_invoices',
        ),
      )
  );
}

/** The traveler's pending request (state 1), if any: a traveler has at most one at a time. */
export function pendingVisaOf(db: Db, travelerId: number): Promise<{ id: number; request_code: string } | undefined> {
  return db
    .selectFrom('visa_request')
    .select(['id', 'request_code'])
    .where('traveler_id', '=', travelerId)
    .where('state_code', '=', VisaState.PENDING)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the traveler has a pending request (state 1): the user-info flag visaCreationEnabled is its negation. */
export async function hasPendingVisa(db: Kysely<Database>, travelerId: number): Promise<boolean> {
  return (await pendingVisaOf(db, travelerId)) !== undefined;
}

/**
 * How many visa requests the home lists for the traveler (user-info): theirs, counted up to HOME_VISAS_LIMIT. The count
 * stops there, so it reads a few entries of `visa_request_traveler_idx` however many requests the traveler has.
 */
export async function homeVisaRequestCount(db: Kysely<Database>, travelerId: number): Promise<number> {
  const shown = db
    .selectFrom('visa_request')
    .select('id')
    .where('traveler_id', '=', travelerId)
    .limit(HOME_VISAS_LIMIT)
    .as('shown');
  const { count } = await db
    .selectFrom(shown)
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return count;
}

/**
 * Locks the traveler's row (FOR UPDATE) until the end of `trx`: the creations of one traveler's requests take it
 * first, so two at once run one after the other and the second sees the pending request of the first.
 */
export async function lockTraveler(trx: Transaction<Database>, travelerId: number): Promise<void> {
  await trx.selectFrom('traveler').select('id').where('id', '=', travelerId).forUpdate().executeTakeFirst();
}

export function createVisaRepository(db: Kysely<Database>) {
  return {
    /** A page of the traveler's requests (those in `stateCode` when given), newest first, and how many there are in all. */
    async list(
      travelerId: number,
      limit: number,
      offset: number,
      language: ServerLanguage,
      stateCode?: number,
    ): Promise<{ rows: VisaRow[]; total: number }> {
      let rows = visaRows(db, language).where('v.traveler_id', '=', travelerId);
      let count = db
        .selectFrom('visa_request')
        .select(sql<number>`count(*)::int`.as('total'))
        .where('traveler_id', '=', travelerId);
      if (stateCode !== undefined) {
        rows = rows.where('v.state_code', '=', stateCode);
        count = count.where('state_code', '=', stateCode);
      }
      const [page, counted] = await Promise.all([
        rows.orderBy('v.created_at', 'desc').orderBy('v.id', 'desc').limit(limit).offset(offset).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows: page, total: counted.total };
    },

    /** One of the traveler's requests; undefined when it is another traveler's or unknown. */
    find(travelerId: number, requestId: number, language: ServerLanguage, trx: Db = db): Promise<VisaRow | undefined> {
      return visaRows(trx, language)
        .where('v.traveler_id', '=', travelerId)
        .where('v.id', '=', requestId)
        .executeTakeFirst();
    },

    /** The invoices of a request (live, or released for an expired one), newest issue first. */
    invoicesOf(requestId: number): Promise<InvoiceRow[]> {
      return db
        .selectFrom('visa_request_invoice as vi')
        .innerJoin('invoice as i', 'i.id', 'vi.invoice_id')
        .select(invoiceColumns)
        .where('vi.visa_request_id', '=', requestId)
        .where('i.cancelled_at', 'is', null)
        .orderBy('i.emission_date', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
    },

    hasPending: (travelerId: number) => hasPendingVisa(db, travelerId),

    pending: (travelerId: number) => pendingVisaOf(db, travelerId),

    /** The traveler's invoices among `ids` (not cancelled), with the live request holding each. */
    candidates(travelerId: number, ids: readonly number[]): Promise<CandidateInvoice[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('invoice as i')
        .leftJoin('visa_request_invoice as vi', (join) =>
          join.onRef('vi.invoice_id', '=', 'i.id').on('vi.released_at', 'is', null),
        )
        .select([
          'i.id',
          'i.invoice_number',
          sql<string>`to_char(i.emission_date, 'YYYY-MM-DD')`.as('emission_day'),
          'i.state_code',
          'vi.visa_request_id',
        ])
        .where(heldBy(travelerId))
        .where('i.cancelled_at', 'is', null)
        .where('i.id', 'in', [...ids])
        .execute();
    },

    /** The reference data a travel refers to (the typology module's statement). */
    travelReferences: (travel: TravelCodes) => referenceQueries.travelReferences(db, travel),
  };
}

export type VisaRepository = ReturnType<typeof createVisaRepository>;

// ----- Statements used inside the transactions of the service and of transitions.ts -----

/** Locks a request row (FOR UPDATE) and reads what the state machine needs; undefined when it does not exist. */
export function lockRequest(trx: Transaction<Database>, requestId: number, travelerId?: number) {
  let query = trx
    .selectFrom('visa_request')
    .select(['id', 'traveler_id', 'state_code', 'risk_result'])
    .where('id', '=', requestId);
  if (travelerId !== undefined) query = query.where('traveler_id', '=', travelerId);
  return query.forUpdate().executeTakeFirst();
}

/**
 * Claims invoices for a request: those of `ids` still available (1/30) move to 90 in one statement, which takes their
 * row locks, so two requests claiming the same invoice cannot both succeed (the second waits for the first and then
 * finds the invoice at 90). Returns the ids claimed.
 */
export async function claimInvoices(
  trx: Transaction<Database>,
  travelerId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('invoice as i')
    .set({ state_code: InvoiceState.IN_REQUEST, updated_at: sql`now()` })
    .where('i.id', 'in', [...ids])
    .where('i.state_code', 'in', [...INVOICE_AVAILABLE_STATES])
    .where('i.cancelled_at', 'is', null)
    .where(heldBy(travelerId))
    .returning('i.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Links invoices to a request (the partial unique index keeps an invoice in one live request only). */
export async function linkInvoices(
  trx: Transaction<Database>,
  requestId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .insertInto('visa_request_invoice')
    .values(ids.map((invoiceId) => ({ visa_request_id: requestId, invoice_id: invoiceId })))
    .execute();
}

/** The live invoice ids of a request. */
export async function liveInvoiceIds(trx: Db, requestId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('visa_request_invoice')
    .select('invoice_id')
    .where('visa_request_id', '=', requestId)
    .where('released_at', 'is', null)
    .execute();
  return rows.map((row) => row.invoice_id);
}

/** Puts invoices still at 90 back to available (30). */
export async function makeAvailable(trx: Transaction<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('invoice')
    .set({ state_code: InvoiceState.AVAILABLE, in_completion: false, updated_at: sql`now()` })
    .where('id', 'in', [...ids])
    .where('state_code', '=', InvoiceState.IN_REQUEST)
    .execute();
}

/**
 * Inserts a pending request with `values` under the request code `code()` draws; a code already used (very rare) is
 * drawn again. Answers the new request's id.
 */
export async function insertRequest(
  trx: Transaction<Database>,
  values: TravelValues & { traveler_id: number; qr_issued_at: Date },
  code: () => string,
): Promise<number> {
  for (;;) {
    const row = await trx
      .insertInto('visa_request')
      .values({ ...values, request_code: code() })
      .onConflict((conflict) => conflict.column('request_code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row.id;
  }
}

/**
 * Changes the travel data of a request and issues it a new QR code at `now`. The QR token carries its issue instant in
 * whole seconds: the new one must fall in a later second than the old one, or a QR printed a moment ago would stay valid.
 */
export async function updateTravel(
  trx: Transaction<Database>,
  requestId: number,
  travel: TravelValues,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('visa_request')
    .set({
      ...travel,
      qr_issued_at: sql<Date>`greatest(${now}::timestamptz, date_trunc('second', qr_issued_at) + interval '1 second')`,
      updated_at: now,
    })
    .where('id', '=', requestId)
    .execute();
}

/** Removes invoices from a request: never part of the request as it now stands, the link goes (history is kept for released requests only). */
export async function unlinkInvoices(
  trx: Transaction<Database>,
  requestId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('visa_request_invoice')
    .where('visa_request_id', '=', requestId)
    .where('invoice_id', 'in', [...ids])
    .execute();
}

/** Deletes a request (its links go with it). */
export async function deleteRequest(trx: Transaction<Database>, requestId: number): Promise<void> {
  await trx.deleteFrom('visa_request').where('id', '=', requestId).execute();
}

/** The traveler's name as the request's PDF prints it. */
export function travelerName(db: Db, travelerId: number): Promise<{ nome: string; cognome: string }> {
  return db.selectFrom('traveler').select(['nome', 'cognome']).where('id', '=', travelerId).executeTakeFirstOrThrow();
}

// ----- The state machine's statements (transitions.ts) -----

/** The columns of a request that a transition sets (state, risk analysis, scan, completion). */
export type RequestChange = Updateable<Database['visa_request']>;

/** Sets columns of a request (a transition's outcome). */
export async function setRequest(trx: Transaction<Database>, requestId: number, values: RequestChange): Promise<void> {
  await trx.updateTable('visa_request').set(values).where('id', '=', requestId).execute();
}

/**
 * The new columns of invoices of a request in a transition: the same `values` for all of `ids`, and for a grant each
 * invoice's own release code (`releaseCodes`, by invoice id).
 */
export interface InvoiceChange {
  ids: readonly number[];
  values: {
    state_code: number;
    in_completion: boolean;
    customs_office?: string;
    release_date?: Date;
    updated_at: Date;
  };
  releaseCodes?: Readonly<Record<number, string>>;
}

/** The statement of an invoice change (one for any number of invoices), not yet run. */
function invoiceUpdate(db: QueryCreator<Database>, change: InvoiceChange) {
  const query = db
    .updateTable('invoice')
    .set(change.values)
    .where(change.ids.length > 0 ? sql<boolean>`id in (${sql.join(change.ids)})` : sql<boolean>`false`);
  if (!change.releaseCodes) return query;
  // Each invoice picks its own code out of one parameter: {"<id>": "<code>", ...}.
  return query.set({ release_code: sql<string>`(${JSON.stringify(change.releaseCodes)}::jsonb ->> id::text)` });
}

/** Sets the columns of a transition's invoices, in one statement. */
export async function updateInvoices(trx: Transaction<Database>, change: InvoiceChange): Promise<void> {
  if (change.ids.length === 0) return;
  await invoiceUpdate(trx, change).execute();
}

/** What the exit point's scan writes with a transition (transitions.ts, writeExitScan), all in one statement. */
export interface GuardedExitScan {
  requestId: number;
  /** The request row's version (`xmin`) when it was read: nothing is written if the row has changed since. */
  version: string;
  request: RequestChange;
  invoices: InvoiceChange;
  notification: VisaNotificationRows;
  /** The exit point's audit rows (exit_point_event), in order. */
  audit: { clientId: number; events: ReadonlyArray<{ kind: string; detail: Record<string, unknown> }> };
}

/**
 * Writes an exit scan in one statement, so in one transaction that needs no BEGIN and holds no lock while the api
 * works: the request, only if its row is still the version that was read (any transaction that changed it since, a
 * traveler's edit, another kiosk's scan, the expiry job, gave it a new `xmin`), then, only if it was, its invoices, the
 * traveler's notification and mail and the audit rows. Answers whether it was written.
 */
export async function writeGuardedExitScan(db: Kysely<Database>, scan: GuardedExitScan): Promise<boolean> {
  const { notification, mail } = scan.notification;
  const whenChanged = sql<boolean>`exists (select from changed)`;
  const row = await db
    .with('changed', (qb) =>
      qb
        .updateTable('visa_request')
        .set(scan.request)
        .where('id', '=', scan.requestId)
        .where(sql<boolean>`xmin = ${scan.version}::xid`)
        .returning('id'),
    )
    .with('invoices', (qb) => invoiceUpdate(qb, scan.invoices).where(whenChanged).returning('id'))
    .with('notified', (qb) =>
      qb
        .insertInto('notification')
        .columns(['traveler_id', 'kind', 'params', 'visa_request_id'])
        .expression((eb) =>
          eb
            .selectFrom('changed')
            .select([
              sql<number>`${notification.traveler_id}::int`.as('traveler_id'),
              sql<string>`${notification.kind}::text`.as('kind'),
              sql<string>`${notification.params}::jsonb`.as('params'),
              'changed.id',
            ]),
        )
        .returning('id'),
    )
    .with('mailed', (qb) =>
      qb
        .insertInto('mail_outbox')
        .columns(['recipient', 'language', 'template', 'subject', 'text_body', 'html_body', 'priority'])
        .expression((eb) =>
          eb
            .selectFrom('changed')
            .select([
              sql<string>`${mail.recipient}::text`.as('recipient'),
              sql<string>`${mail.language}::text`.as('language'),
              sql<string>`${mail.template}::text`.as('template'),
              sql<string>`${mail.subject}::text`.as('subject'),
              sql<string>`${mail.textBody}::text`.as('text_body'),
              sql<string>`${mail.htmlBody}::text`.as('html_body'),
              sql<number>`${mail.priority}::smallint`.as('priority'),
            ]),
        )
        .returning('id'),
    )
    .with('audited', (qb) =>
      qb
        .insertInto('exit_point_event')
        .columns(['client_id', 'visa_request_id', 'kind', 'detail'])
        .expression((eb) =>
          eb
            .selectFrom([
              'changed',
              sql<{
                event: unknown;
                ord: number;
              }>`jsonb_array_elements(${JSON.stringify(scan.audit.events)}::jsonb) with ordinality`.as<'e'>(
                sql`e(event, ord)`,
              ),
            ])
            .select([
              sql<number>`${scan.audit.clientId}::int`.as('client_id'),
              'changed.id',
              sql<string>`e.event ->> 'kind'`.as('kind'),
              sql<string>`e.event -> 'detail'`.as('detail'),
            ])
            // In the order given: the audit trail reads by id.
            .orderBy('e.ord'),
        )
        .returning('id'),
    )
    .selectNoFrom(sql<number>`(select count(*) from changed)::int`.as('changed'))
    .executeTakeFirstOrThrow();
  return row.changed > 0;
}

/** Of `ids`, those still under customs check (40), locked until the end of `trx`. */
export async function lockUnderCheck(trx: Transaction<Database>, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('invoice')
    .select('id')
    .where('id', 'in', [...ids])
    .where('state_code', '=', InvoiceState.CUSTOMS_CHECK)
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Locks up to `limit` pending requests whose travel date is before `cutoff`, oldest first; rows locked by another
 * transaction (another instance's job, a traveler editing, a kiosk scanning) are skipped.
 */
export async function lockDueForExpiry(trx: Transaction<Database>, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('visa_request')
    .select('id')
    .where('state_code', '=', VisaState.PENDING)
    .where('travel_date', '<', cutoff)
    .orderBy('travel_date')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Expires requests at `now` and releases their invoices: those still in the request (90) go back to available (30)
 * while their exit deadline is today or later — issued on or after `firstIssueDay`, `firstIssueDayWithinDeadline` of
 * today (the deadline rule is the contracts' alone) — else to 20 (denied: the goods can no longer leave with a visa).
 */
export async function expireRequests(
  trx: Transaction<Database>,
  ids: readonly number[],
  now: Date,
  firstIssueDay: string,
): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('visa_request')
    .set({ state_code: VisaState.EXPIRED, expired_at: now, updated_at: now })
    .where('id', 'in', [...ids])
    .execute();
  const released = await trx
    .updateTable('visa_request_invoice')
    .set({ released_at: now })
    .where('visa_request_id', 'in', [...ids])
    .where('released_at', 'is', null)
    .returning('invoice_id')
    .execute();
  const invoiceIds = released.map((row) => row.invoice_id);
  if (invoiceIds.length === 0) return;
  await trx
    .updateTable('invoice as i')
    .set({
      state_code: sql<number>`case when i.emission_date >= ${firstIssueDay}::date
        then ${InvoiceState.AVAILABLE}::smallint else ${InvoiceState.DENIED_ALT}::smallint end`,
      in_completion: false,
      updated_at: now,
    })
    .where('i.id', 'in', invoiceIds)
    .where('i.state_code', '=', InvoiceState.IN_REQUEST)
    .execute();
}

/** Unique violation (SQLSTATE 23505), from pg or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
