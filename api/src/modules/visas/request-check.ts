import {
  DATE_INPUT_MAX,
  exitDeadline,
  INVOICE_AVAILABLE_STATES,
  InvoiceState,
  normaliseFlightNumber,
  romeToday,
  TRANSPORT_AIR,
  TRANSPORT_PRIVATE_VEHICLE,
  type Travel,
} from '@varco/contracts';
import {
  departureOf,
  isTravelFieldShown,
  TRAVEL_BODY_FIELDS,
  travelFactIssues,
  type TravelContext,
  type TravelFacts,
  type TravelField,
  type TravelIssue,
} from '@varco/contracts/travel-details';
import { AppError, type Message } from '../../app-error';
import type { CandidateInvoice, TravelValues, VisaRepository } from './repository';

/** A request whose rules hold: its invoices, the travel as it is kept, and the invoices as read for the check. */
export interface CheckedRequest {
  invoiceIds: number[];
  travel: TravelValues;
  candidates: Map<number, CandidateInvoice>;
}

const fail = (fields: Record<string, Message>) => new AppError(400, { key: 'validationFailed' }, fields);

/** 409 naming the invoice `id` that another live request holds. */
export const taken = (invoice: CandidateInvoice | undefined, id: number) =>
  new AppError(
    409,
    { key: 'visa.invoiceTaken' },
    { invoices: { key: 'visa.invoiceTakenField', params: { number: invoice?.invoice_number ?? id } } },
  );

/** A code of the body: trimmed, upper case, '' is absent. */
const code = (value: string | null | undefined) => {
  const trimmed = value?.trim().toUpperCase() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The api's message for an issue of the travel-details rules (`@varco/contracts/travel-details`, the wizard's step 2):
 * the same rule, the api's catalogue key. The departure's day, hour and minutes are one field of the body, travelDate:
 * a departure that is no instant is 'required' there, and a real instant that is no form date lies past DATE_INPUT_MAX.
 */
function travelProblem(field: TravelField, issue: TravelIssue): Message {
  if (TRAVEL_BODY_FIELDS[field] === 'travelDate') {
    switch (issue.code) {
      case 'futureDate':
        return { key: 'visa.travelDateNotFuture' };
      case 'date':
        return { key: 'visa.travelDateTooLate', params: { max: DATE_INPUT_MAX } };
      case 'afterDeadline':
        return { key: 'visa.travelDateAfterDeadline', params: { deadline: issue.day, number: issue.invoiceNumber } };
      default:
        return { key: 'visa.travelDateInvalid' };
    }
  }
  switch (issue.code) {
    case 'required':
    case 'empty':
      return { key: 'field.required' };
    case 'minLength':
      // The flight number has no length rule of its own: too short is not a flight number.
      return field === 'flightNumber'
        ? { key: 'visa.flightNumberFormat' }
        : { key: 'field.minLength', params: { min: issue.min } };
    case 'maxLength':
      return { key: 'field.maxLength', params: { max: issue.max } };
    case 'flightNumber':
      return { key: 'visa.flightNumberFormat' };
    case 'destinationInEu':
      return { key: 'visa.destinationInEu' };
    default:
      return { key: 'validationFailed' };
  }
}

/**
 * The check of a request body (docs/domain.md, "Rules of the forms" and the invoice rules), one message per field: the
 * travel under the wizard's own rules (`travelFactIssues`), and here only what needs the database — the invoices
 * (the traveler's, available, within their exit deadline) and the codes the travel refers to.
 */
export function createRequestCheck(repository: VisaRepository, clock: () => Date) {
  /** `requestId` is the request being updated: its own invoices count as available. */
  return async function check(
    travelerId: number,
    invoices: readonly number[],
    body: Travel,
    requestId?: number,
  ): Promise<CheckedRequest> {
    const now = clock();
    const today = romeToday(now);
    const fields: Record<string, Message> = {};
    let invoicesTaken: CandidateInvoice | undefined;

    // Invoices: at least one, no duplicates, the traveler's own, available and within their exit deadline.
    const candidates = new Map(
      (await repository.candidates(travelerId, invoices)).map((invoice) => [invoice.id, invoice]),
    );
    const seen = new Set<number>();
    let earliest: TravelContext['exitDeadline'];
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
        } else if (!ours && !INVOICE_AVAILABLE_STATES.includes(invoice.state_code))
          problem = { key: 'visa.invoiceNotAvailable', params: { number: invoice.invoice_number } };
        else if (deadline < today)
          problem = { key: 'visa.invoiceDeadlinePassed', params: { number: invoice.invoice_number, deadline } };
        if (!earliest || deadline < earliest.day) earliest = { day: deadline, invoiceNumber: invoice.invoice_number };
      }
      seen.add(id);
      if (problem) fields.invoices ??= problem;
    }
    if (invoices.length === 0) fields.invoices = { key: 'field.minItems', params: { min: 1 } };

    // The travel under the wizard's rules, on the body's own values: the codes as they are kept (trimmed, upper case),
    // the departure as its instant.
    const facts: TravelFacts = {
      transportType: code(body.transportType) ?? '',
      crewMember: body.crewMember,
      documentType: code(body.travelDocType) ?? '',
      documentNumber: body.travelDocNumber ?? '',
      destinationCountry: code(body.destinationCountry) ?? '',
      destinationFreeZone: code(body.destinationFreeZone) ?? '',
      flightNumber: body.flightNumber ?? '',
      destinationAirport: code(body.destinationAirport) ?? '',
      departure: departureOf(body.travelDate),
    };
    const context: TravelContext = { now, exitDeadline: earliest };
    for (const [field, issue] of Object.entries(travelFactIssues(facts, context)) as Array<[TravelField, TravelIssue]>)
      fields[`travel.${TRAVEL_BODY_FIELDS[field]}`] ??= travelProblem(field, issue);
    type TextField = Exclude<keyof TravelFacts, 'crewMember' | 'departure'>;
    const shown = (field: TravelField) => isTravelFieldShown(field, facts);
    const given = (field: TextField) => (shown(field) && facts[field].trim() !== '' ? facts[field].trim() : null);
    const transportType = facts.transportType;
    const travel: TravelValues = {
      transport_type: transportType,
      crew_member: shown('crewMember') && facts.crewMember,
      travel_date: new Date(body.travelDate.trim()),
      travel_doc_type: given('documentType'),
      travel_doc_number: given('documentNumber'),
      destination_country: facts.destinationCountry,
      destination_free_zone: given('destinationFreeZone'),
      destination_airport: given('destinationAirport'),
      flight_number: given('flightNumber') === null ? null : normaliseFlightNumber(facts.flightNumber),
    };

    // What only the database knows: the codes exist, the airport and the free zone are of the destination country.
    const known = await repository.travelReferences({
      transportType,
      travelDocType: travel.travel_doc_type,
      destinationCountry: travel.destination_country,
      destinationAirport: travel.destination_airport,
      destinationFreeZone: travel.destination_free_zone,
    });
    const databaseRule = (field: keyof Travel, problem: Message | null) => {
      if (problem) fields[`travel.${field}`] ??= problem;
    };
    if (transportType)
      databaseRule(
        'transportType',
        (transportType === TRANSPORT_AIR || transportType === TRANSPORT_PRIVATE_VEHICLE) && known.transportKnown
          ? null
          : { key: 'visa.transportUnknown' },
      );
    if (travel.destination_airport) {
      databaseRule(
        'destinationAirport',
        known.airportCountry === null
          ? { key: 'visa.airportUnknown' }
          : known.airportCountry !== travel.destination_country
            ? { key: 'visa.airportNotInCountry' }
            : null,
      );
    }
    if (travel.travel_doc_type)
      databaseRule('travelDocType', known.docTypeKnown ? null : { key: 'field.unknownDocumentType' });
    if (travel.destination_country) {
      if (known.countryEuMember === null) fields['travel.destinationCountry'] = { key: 'field.unknownCountry' };
      else if (travel.destination_free_zone && known.zoneCountry !== travel.destination_country)
        databaseRule('destinationFreeZone', { key: 'visa.zoneNotInCountry' });
    }

    const names = Object.keys(fields);
    if (names.length > 0) {
      // Only an invoice held by another live request: a conflict (the other request won it), not a bad form.
      if (invoicesTaken && names.length === 1 && fields.invoices?.key === 'visa.invoiceTakenField')
        throw taken(invoicesTaken, invoicesTaken.id);
      throw fail(fields);
    }
    return { invoiceIds: [...invoices], candidates, travel };
  };
}
