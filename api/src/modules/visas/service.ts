import {
  DATE_INPUT_MAX,
  destinationNeedsFreeZone,
  FLIGHT_NUMBER_PATTERN,
  INVOICE_AVAILABLE_STATES,
  InvoiceState,
  MIN_TEXT_LENGTH,
  normaliseFlightNumber,
  TRANSPORT_AIR,
  TRANSPORT_PRIVATE_VEHICLE,
  TrafficLight,
  TRAVEL_DOC_NUMBER_MAX_LENGTH,
  VisaState,
  type ServerLanguage,
  type Travel,
  type Visa,
  exitDeadline,
  isIsoDay,
  romeToday,
} from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import { AppError, notFound, type Message } from '../../app-error';
import type { Database } from '../../db/types';
import { translate, type MessageKey } from '../../i18n/messages';
import { requestCode } from '../../request-code';
import { renderVisaPdf } from '../documents';
import { toInvoice } from '../invoices';
import { notifyVisaRequest } from '../notifications';
import { describeRiskReason } from '../risk';
import {
  claimInvoices,
  createVisaRepository,
  isUniqueViolation,
  linkInvoices,
  liveInvoiceIds,
  lockRequest,
  lockTraveler,
  makeAvailable,
  pendingVisaOf,
  type CandidateInvoice,
  type TravelValues,
  type VisaRow,
} from './repository';
import { analyseRisk, type AnalyseRiskOptions } from './transitions';

/** What the service needs of the QR (app.qr, plugins/qr.ts). */
export interface VisaQr {
  issue(claims: { publicId: string; issuedAt: Date }): string;
  png(token: string): Promise<string>;
}

export interface VisaServiceDeps {
  qr: VisaQr;
  clock?: () => Date;
  /** Forces the risk analysis started by the traveler (tests). */
  riskOptions?: Omit<AnalyseRiskOptions, 'now'>;
}

/** The states whose QR code the traveler is shown (pending, in completion, customs check). */
export const QR_STATES: readonly number[] = [VisaState.PENDING, VisaState.IN_COMPLETION, VisaState.CUSTOMS_CHECK];

export const visaPdfFilename = (requestId: number) => `visa-request-${requestId}.pdf`;

const STATE_KEYS: Readonly<Record<number, MessageKey>> = {
  [VisaState.PENDING]: 'visa.state.pending',
  [VisaState.EXPIRED]: 'visa.state.expired',
  [VisaState.CUSTOMS_CHECK]: 'visa.state.customsCheck',
  [VisaState.IN_COMPLETION]: 'visa.state.inCompletion',
  [VisaState.COMPLETED]: 'visa.state.completed',
};

const LIGHT_KEYS: Readonly<Record<number, MessageKey>> = {
  [TrafficLight.GREEN]: 'visa.light.green',
  [TrafficLight.YELLOW]: 'visa.light.yellow',
  [TrafficLight.RED]: 'visa.light.red',
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const coded = (code: string | null, description: string | null) => (code === null ? null : { code, description: description ?? code });

/** A request as docs/domain.md shows it, texts in `language`; `extras` adds the detail's invoices and QR code. */
export function toVisa(row: VisaRow, language: ServerLanguage, extras: Pick<Visa, 'invoices' | 'qrCode'> = {}): Visa {
  const reasons = row.risk_reasons ?? [];
  const light = row.risk_result;
  const message =
    light === null ? null : reasons.length > 0 ? reasons.map((reason) => describeRiskReason(reason, language)).join(' ') : translate(language, LIGHT_KEYS[light] ?? 'visa.state.other');
  return {
    idRichiesta: row.id,
    visaRequestId: row.public_id,
    requestCode: row.request_code,
    requestDate: row.created_at.toISOString(),
    totalAmount: round2(row.total_amount),
    totalInvoices: row.total_invoices,
    stateCode: row.state_code,
    stateDescription: translate(language, STATE_KEYS[row.state_code] ?? 'visa.state.other'),
    ...extras,
    meansOfTransport: { code: row.transport_type, description: row.transport_label },
    crewMember: row.crew_member,
    travelDate: row.travel_date.toISOString(),
    travelDocType: coded(row.travel_doc_type, row.travel_doc_label),
    travelDocNumber: row.travel_doc_number,
    destinationCountry: { code: row.destination_country, description: row.destination_country_label },
    destinationAirport: coded(row.destination_airport, row.destination_airport_label),
    destinationFreeZone: coded(row.destination_free_zone, row.destination_free_zone_label),
    flightNumber: row.flight_number,
    // The risk analysis runs whole within the call that starts it (the traveler's, or the exit point's scan): no
    // request is ever seen waiting for its result. A pending request waits for the exit point, not for an analysis.
    visaToBeAnalysed: false,
    riskAnalysis: { showTrafficLight: light !== null, codeAnalysisResult: light, message },
  };
}

/** A text field of the body: trimmed, '' is absent. */
const text = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};
const code = (value: string | null | undefined) => text(value)?.toUpperCase() ?? null;

/** An instant written in ISO 8601 with a time and a zone (the browser sends UTC: 2026-05-01T08:30:00.000Z). */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const fail = (fields: Record<string, Message>) => new AppError(400, { key: 'validationFailed' }, fields);
/** A traveler has one pending request at a time: a new one waits until it is scanned, deleted or expired. */
const onePending = (pending: { request_code: string }) => new AppError(409, { key: 'visa.pendingExists', params: { requestCode: pending.request_code } });
const taken = (invoice: CandidateInvoice | undefined, id: number) =>
  new AppError(409, { key: 'visa.invoiceTaken' }, { invoices: { key: 'visa.invoiceTakenField', params: { number: invoice?.invoice_number ?? id } } });

export interface CheckedRequest {
  invoiceIds: number[];
  travel: TravelValues;
  candidates: Map<number, CandidateInvoice>;
}

/**
 * The visa requests of the signed-in traveler (docs/domain.md, docs/calls.md): each call reads and changes only the traveler's own
 * requests; another traveler's answers 404 as an unknown one does.
 */
export function createVisaService(db: Kysely<Database>, deps: VisaServiceDeps) {
  const repository = createVisaRepository(db);
  const clock = deps.clock ?? (() => new Date());

  /**
   * The rules of a request (docs/domain.md, "Rules of the forms" and the invoice rules), one message per field. `requestId` is the
   * request being updated: its own invoices count as available.
   */
  async function check(travelerId: number, invoices: readonly number[], body: Travel, requestId?: number): Promise<CheckedRequest> {
    const now = clock();
    const today = romeToday(now);
    const fields: Record<string, Message> = {};
    let invoicesTaken: CandidateInvoice | undefined;

    // Invoices: at least one, no duplicates, the traveler's own, available and within their exit deadline.
    const candidates = new Map((await repository.candidates(travelerId, invoices)).map((invoice) => [invoice.id, invoice]));
    const seen = new Set<number>();
    let earliest: { deadline: string; number: string } | undefined;
    for (const id of invoices) {
      const invoice = candidates.get(id);
      let problem: Message | undefined;
      if (seen.has(id)) problem = { key: 'visa.invoiceDuplicate', params: { id } };
      else if (!invoice) problem = { key: 'visa.invoiceNotFound', params: { id } };
      else {
        const ours = requestId !== undefined && invoice.visa_request_id === requestId;
        const deadline = exitDeadline(invoice.emission_day);
        if (!ours && (invoice.visa_request_id !== null || invoice.state_code === InvoiceState.IN_REQUEST)) {
          problem = { key: 'visa.invoiceTakenField', params: { number: invoice.invoice_number } };
          invoicesTaken ??= invoice;
        } else if (!ours && !INVOICE_AVAILABLE_STATES.includes(invoice.state_code)) problem = { key: 'visa.invoiceNotAvailable', params: { number: invoice.invoice_number } };
        else if (deadline < today) problem = { key: 'visa.invoiceDeadlinePassed', params: { number: invoice.invoice_number, deadline } };
        if (!earliest || deadline < earliest.deadline) earliest = { deadline, number: invoice.invoice_number };
      }
      seen.add(id);
      if (problem) fields.invoices ??= problem;
    }
    if (invoices.length === 0) fields.invoices = { key: 'field.minItems', params: { min: 1 } };

    // Transport: AE (air) or MP (private vehicle).
    const transportType = code(body.transportType) ?? '';
    const air = transportType === TRANSPORT_AIR;
    const privateVehicle = transportType === TRANSPORT_PRIVATE_VEHICLE;
    const crewMember = !privateVehicle && body.crewMember;
    const flightText = air ? text(body.flightNumber) : null;
    const flightNumber = flightText === null ? null : normaliseFlightNumber(flightText);
    const destinationAirport = air ? code(body.destinationAirport) : null;
    // Documents are asked unless the traveler is crew or drives (docs/domain.md); otherwise they are not kept.
    const needsDocuments = !crewMember && !privateVehicle;
    const travelDocType = needsDocuments ? code(body.travelDocType) : null;
    const travelDocNumber = needsDocuments ? text(body.travelDocNumber) : null;
    const destinationCountry = code(body.destinationCountry) ?? '';
    const destinationFreeZone = code(body.destinationFreeZone);

    const known = await repository.travelReferences({ transportType, travelDocType, destinationCountry, destinationAirport, destinationFreeZone });
    if (!transportType) fields['travel.transportType'] = { key: 'field.required' };
    else if (!(air || privateVehicle) || !known.transportKnown) fields['travel.transportType'] = { key: 'visa.transportUnknown' };

    if (air) {
      if (!flightNumber) fields['travel.flightNumber'] = { key: 'field.required' };
      else if (!FLIGHT_NUMBER_PATTERN.test(flightNumber)) fields['travel.flightNumber'] = { key: 'visa.flightNumberFormat' };
      if (!destinationAirport) fields['travel.destinationAirport'] = { key: 'field.required' };
      else if (known.airportCountry === null) fields['travel.destinationAirport'] = { key: 'visa.airportUnknown' };
      else if (known.airportCountry !== destinationCountry) fields['travel.destinationAirport'] = { key: 'visa.airportNotInCountry' };
    }

    if (needsDocuments) {
      if (!travelDocType) fields['travel.travelDocType'] = { key: 'field.required' };
      else if (!known.docTypeKnown) fields['travel.travelDocType'] = { key: 'field.unknownDocumentType' };
      if (!travelDocNumber) fields['travel.travelDocNumber'] = { key: 'field.required' };
      else if (travelDocNumber.length < MIN_TEXT_LENGTH) fields['travel.travelDocNumber'] = { key: 'field.minLength', params: { min: MIN_TEXT_LENGTH } };
      else if (travelDocNumber.length > TRAVEL_DOC_NUMBER_MAX_LENGTH) fields['travel.travelDocNumber'] = { key: 'field.maxLength', params: { max: TRAVEL_DOC_NUMBER_MAX_LENGTH } };
    }

    // Destination: outside the EU VAT area — a country outside the EU, or a free zone of the country.
    if (!destinationCountry) fields['travel.destinationCountry'] = { key: 'field.required' };
    else if (known.countryEuMember === null) fields['travel.destinationCountry'] = { key: 'field.unknownCountry' };
    else if (destinationFreeZone) {
      if (known.zoneCountry !== destinationCountry) fields['travel.destinationFreeZone'] = { key: 'visa.zoneNotInCountry' };
    } else if (destinationNeedsFreeZone(destinationCountry)) fields['travel.destinationCountry'] = { key: 'visa.destinationInEu' };

    // The departure: a valid instant, in the future, not after 2999-12-31 nor after the earliest exit deadline.
    const match = ISO_INSTANT.exec(body.travelDate.trim());
    const travelDate = match && isIsoDay(match[1]!) ? new Date(body.travelDate.trim()) : null;
    if (!travelDate || Number.isNaN(travelDate.getTime())) fields['travel.travelDate'] = { key: 'visa.travelDateInvalid' };
    else if (travelDate.getTime() <= now.getTime()) fields['travel.travelDate'] = { key: 'visa.travelDateNotFuture' };
    else if (romeToday(travelDate) > DATE_INPUT_MAX) fields['travel.travelDate'] = { key: 'visa.travelDateTooLate', params: { max: DATE_INPUT_MAX } };
    else if (earliest && romeToday(travelDate) > earliest.deadline) {
      fields['travel.travelDate'] = { key: 'visa.travelDateAfterDeadline', params: { deadline: earliest.deadline, number: earliest.number } };
    }

    const names = Object.keys(fields);
    if (names.length > 0) {
      // Only an invoice held by another live request: a conflict (the other request won it), not a bad form.
      if (invoicesTaken && names.length === 1 && fields.invoices?.key === 'visa.invoiceTakenField') throw taken(invoicesTaken, invoicesTaken.id);
      throw fail(fields);
    }
    return {
      invoiceIds: [...invoices],
      candidates,
      travel: {
        transport_type: transportType,
        crew_member: crewMember,
        travel_date: travelDate!,
        travel_doc_type: travelDocType,
        travel_doc_number: travelDocNumber,
        destination_country: destinationCountry,
        destination_free_zone: destinationFreeZone,
        destination_airport: destinationAirport,
        flight_number: flightNumber,
      },
    };
  }

  /** Runs `work`; a unique violation (the invoice index: a concurrent request took one) answers 409. */
  async function claiming<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, { key: 'visa.invoiceTaken' }, { invoices: { key: 'visa.invoiceTaken' } });
      throw error;
    }
  }

  /** Claims `ids` in `trx` or throws 409 naming the first one another request holds. */
  async function claimAll(trx: Parameters<typeof claimInvoices>[0], travelerId: number, ids: number[], checked: CheckedRequest) {
    const claimed = new Set(await claimInvoices(trx, travelerId, ids));
    const lost = ids.find((id) => !claimed.has(id));
    if (lost !== undefined) throw taken(checked.candidates.get(lost), lost);
  }

  async function ownRequest(travelerId: number, requestId: number, language: ServerLanguage): Promise<VisaRow> {
    const row = await repository.find(travelerId, requestId, language);
    if (!row) throw notFound({ key: 'visa.notFound' });
    return row;
  }

  async function qrOf(row: VisaRow): Promise<string | undefined> {
    if (!QR_STATES.includes(row.state_code)) return undefined;
    return deps.qr.png(deps.qr.issue({ publicId: row.public_id, issuedAt: row.qr_issued_at }));
  }

  return {
    repository,

    /** Creates a pending request (1) holding the invoices (90); answers its id. 409 while another is pending. */
    async create(travelerId: number, body: { invoices: number[]; travel: Travel }): Promise<{ id: number }> {
      // Told first: whatever the form holds, no new request can be created while one is pending.
      const pending = await pendingVisaOf(db, travelerId);
      if (pending) throw onePending(pending);
      const checked = await check(travelerId, body.invoices, body.travel);
      const now = clock();
      return claiming(() =>
        db.transaction().execute(async (trx) => {
          // Checked again under the traveler's lock: of two creations at once, the second finds the first's request.
          await lockTraveler(trx, travelerId);
          const created = await pendingVisaOf(trx, travelerId);
          if (created) throw onePending(created);
          await claimAll(trx, travelerId, checked.invoiceIds, checked);
          let id: number | undefined;
          while (id === undefined) {
            const row = await trx
              .insertInto('visa_request')
              .values({ ...checked.travel, request_code: requestCode('VR', romeToday(now).slice(0, 4)), traveler_id: travelerId, qr_issued_at: now })
              // A request code already used (very rare): draw another.
              .onConflict((conflict) => conflict.column('request_code').doNothing())
              .returning('id')
              .executeTakeFirst();
            id = row?.id;
          }
          await linkInvoices(trx, id, checked.invoiceIds);
          await notifyVisaRequest(trx, id, 'VISA_CREATED');
          return { id };
        }),
      );
    },

    /**
     * Changes a pending request (else 409): the travel data, and the invoices — those removed go back to available,
     * those added are claimed as at creation. A new QR code is issued (earlier ones stop working).
     */
    async update(travelerId: number, body: { id: number; invoices: number[]; travel: Travel }): Promise<{ id: number }> {
      const current = await repository.find(travelerId, body.id, 'EN');
      if (!current) throw notFound({ key: 'visa.notFound' });
      if (current.state_code !== VisaState.PENDING) throw new AppError(409, { key: 'visa.notPending' });
      const checked = await check(travelerId, body.invoices, body.travel, body.id);
      const now = clock();
      return claiming(() =>
        db.transaction().execute(async (trx) => {
          const request = await lockRequest(trx, body.id, travelerId);
          if (!request) throw notFound({ key: 'visa.notFound' });
          if (request.state_code !== VisaState.PENDING) throw new AppError(409, { key: 'visa.notPending' });
          const live = await liveInvoiceIds(trx, body.id);
          const wanted = new Set(checked.invoiceIds);
          const removed = live.filter((id) => !wanted.has(id));
          const added = checked.invoiceIds.filter((id) => !live.includes(id));
          if (removed.length > 0) {
            // Never part of the request as it now stands: the link goes (history is kept for released requests only).
            await trx.deleteFrom('visa_request_invoice').where('visa_request_id', '=', body.id).where('invoice_id', 'in', removed).execute();
            await makeAvailable(trx, removed);
          }
          await claimAll(trx, travelerId, added, checked);
          await linkInvoices(trx, body.id, added);
          await trx
            .updateTable('visa_request')
            // The QR token carries its issue instant in whole seconds: the new one must fall in a later second than
            // the old one, or a QR printed a moment ago would stay valid.
            .set({ ...checked.travel, qr_issued_at: sql<Date>`greatest(${now}::timestamptz, date_trunc('second', qr_issued_at) + interval '1 second')`, updated_at: now })
            .where('id', '=', body.id)
            .execute();
          return { id: body.id };
        }),
      );
    },

    /** Deletes a pending request (else 409); its invoices go back to available (30). */
    async remove(travelerId: number, requestId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const request = await lockRequest(trx, requestId, travelerId);
        if (!request) throw notFound({ key: 'visa.notFound' });
        if (request.state_code !== VisaState.PENDING) throw new AppError(409, { key: 'visa.notPending' });
        await makeAvailable(trx, await liveInvoiceIds(trx, requestId));
        await trx.deleteFrom('visa_request').where('id', '=', requestId).execute();
      });
    },

    async list(travelerId: number, page: number, limit: number, language: ServerLanguage, stateCode?: number) {
      const { rows, total } = await repository.list(travelerId, limit, page * limit, language, stateCode);
      return { requests: rows.map((row) => toVisa(row, language)), links: { totalItems: total } };
    },

    /** One request with its invoices and, while it can be scanned (1, 50, 20), its QR code. */
    async detail(travelerId: number, requestId: number, language: ServerLanguage): Promise<Visa> {
      const row = await ownRequest(travelerId, requestId, language);
      const [invoices, qrCode] = await Promise.all([repository.invoicesOf(row.id), qrOf(row)]);
      return toVisa(row, language, { invoices: invoices.map((invoice) => toInvoice(invoice, language)), ...(qrCode ? { qrCode } : {}) });
    },

    /** The request as a PDF with its QR code, in `language`. */
    async pdf(travelerId: number, requestId: number, language: ServerLanguage): Promise<Buffer> {
      const visa = await this.detail(travelerId, requestId, language);
      const traveler = await db.selectFrom('traveler').select(['nome', 'cognome']).where('id', '=', travelerId).executeTakeFirstOrThrow();
      return renderVisaPdf({ visa, qrPng: visa.qrCode ?? null, traveler, generatedAt: clock() }, language);
    },

    /** The traveler starts the risk analysis of a pending request (docs/domain.md); answers the request as it now is. */
    async startRiskAnalysis(travelerId: number, requestId: number, language: ServerLanguage): Promise<Visa> {
      await ownRequest(travelerId, requestId, language);
      await analyseRisk(db, requestId, 'TRAVELER', undefined, { ...deps.riskOptions, now: clock() });
      return this.detail(travelerId, requestId, language);
    },
  };
}

export type VisaService = ReturnType<typeof createVisaService>;
