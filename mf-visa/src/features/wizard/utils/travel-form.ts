import {
  DATE_INPUT_MAX,
  destinationNeedsFreeZone,
  isFlightNumber,
  isIsoDay,
  MIN_TEXT_LENGTH,
  romeWallTime,
  TRANSPORT_AIR,
  TRANSPORT_PRIVATE_VEHICLE,
  TRAVEL_DOC_NUMBER_MAX_LENGTH,
  type Travel,
} from '@varco/contracts';
import { isDepartureInFuture, minDepartureDay, romeToUtcIso } from './rome-clock';

/** The fields of wizard step 2 (SPEC §5 Visa step 2), in the order of the form. Every value is a string. */
export const TRAVEL_FIELDS = [
  'transportType',
  'crewMember',
  'documentType',
  'documentNumber',
  'destinationCountry',
  'destinationFreeZone',
  'flightNumber',
  'destinationAirport',
  'departureDate',
  'hour',
  'minutes',
] as const;
export type TravelField = (typeof TRAVEL_FIELDS)[number];
/** crewMember is 'true' when ticked, '' otherwise. */
export type TravelValues = Record<TravelField, string>;

export const EMPTY_TRAVEL: TravelValues = {
  transportType: '',
  crewMember: '',
  documentType: '',
  documentNumber: '',
  destinationCountry: '',
  destinationFreeZone: '',
  flightNumber: '',
  destinationAirport: '',
  departureDate: '',
  hour: '',
  minutes: '',
};

/** What is wrong with a field; the form turns it into a translated message (the api's, for the rules it shares). */
export type TravelIssue = 'required' | 'empty' | 'minLength' | 'maxLength' | 'date' | 'futureDate' | 'afterDeadline' | 'flightNumber' | 'destinationInEu';

/** What the rules need beyond the form: the earliest exit deadline of the selected invoices, which the departure cannot pass. */
export interface TravelContext {
  exitDeadline?: { day: string; invoiceNumber: string } | undefined;
}

/** SPEC §5: MP hides the crew checkbox and the document fields; a crew member has no document fields. */
export function isVisible(field: TravelField, values: TravelValues): boolean {
  const privateVehicle = values.transportType === TRANSPORT_PRIVATE_VEHICLE;
  switch (field) {
    case 'crewMember':
      return !privateVehicle;
    case 'documentType':
    case 'documentNumber':
      return !privateVehicle && values.crewMember !== 'true';
    case 'flightNumber':
    case 'destinationAirport':
      return values.transportType === TRANSPORT_AIR;
    default:
      return true;
  }
}

/** SPEC §5: which visible fields are required (the crew checkbox and the free zone never are). */
export function isRequired(field: TravelField, values: TravelValues): boolean {
  return field !== 'crewMember' && field !== 'destinationFreeZone' && isVisible(field, values);
}

const TEXT_FIELDS: ReadonlySet<TravelField> = new Set<TravelField>(['documentNumber', 'flightNumber']);

/**
 * The issue of one field, or null. Hidden fields have none. The rules are the api's for the travel of a request
 * (the shared ones from @varco/contracts), so what passes here is not refused at submit.
 */
export function travelIssue(field: TravelField, values: TravelValues, now: Date, context: TravelContext = {}): TravelIssue | null {
  if (!isRequired(field, values)) return null;
  const value = values[field].trim();
  if (TEXT_FIELDS.has(field)) {
    // Required texts are longer than one character (SPEC §5, §9).
    if (value === '') return 'empty';
    if (value.length < MIN_TEXT_LENGTH) return 'minLength';
    if (field === 'documentNumber' && value.length > TRAVEL_DOC_NUMBER_MAX_LENGTH) return 'maxLength';
    if (field === 'flightNumber' && !isFlightNumber(value)) return 'flightNumber';
    return null;
  }
  if (value === '') return 'required';
  if (field === 'destinationCountry') return destinationNeedsFreeZone(value) && values.destinationFreeZone.trim() === '' ? 'destinationInEu' : null;
  if (field === 'departureDate') {
    if (!isIsoDay(value) || value > DATE_INPUT_MAX) return 'date';
    if (value < minDepartureDay(now)) return 'futureDate';
    return context.exitDeadline && value > context.exitDeadline.day ? 'afterDeadline' : null;
  }
  if (field === 'minutes' || field === 'hour') {
    // The combined date and time must not be in the past (custom:dateMustBeInFuture); told once, on the minutes.
    if (field === 'hour' || values.departureDate === '' || values.hour === '' || !isIsoDay(values.departureDate)) return null;
    return isDepartureInFuture(values.departureDate, Number(values.hour), Number(value), now) ? null : 'futureDate';
  }
  return null;
}

/** Every issue of the form, in the order of the fields. */
export function travelIssues(values: TravelValues, now: Date, context: TravelContext = {}): Partial<Record<TravelField, TravelIssue>> {
  const issues: Partial<Record<TravelField, TravelIssue>> = {};
  for (const field of TRAVEL_FIELDS) {
    const issue = travelIssue(field, values, now, context);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** The traveler's own identity document (the profile's), offered in the document fields. */
export interface ProfileDocument {
  documentType: string;
  documentNumber: string;
}

/** The document fields, when they are shown and still empty, filled with the profile's document. */
export function withProfileDocument(values: TravelValues, profile: ProfileDocument | undefined): TravelValues {
  if (!profile || !isVisible('documentType', values) || values.documentType !== '' || values.documentNumber !== '') return values;
  return { ...values, documentType: profile.documentType, documentNumber: profile.documentNumber };
}

/**
 * Changing the transport resets the form; changing the date clears hour and minutes; and what depends on a
 * field goes with it. Document fields that appear empty get the traveler's own document from `profile`.
 */
export function changeTravel(values: TravelValues, field: TravelField, value: string, profile?: ProfileDocument): TravelValues {
  if (field === 'transportType') return withProfileDocument({ ...EMPTY_TRAVEL, transportType: value }, profile);
  const next = { ...values, [field]: value };
  if (field === 'departureDate') return { ...next, hour: '', minutes: '' };
  if (field === 'destinationCountry') return { ...next, destinationFreeZone: '', destinationAirport: '' };
  if (field === 'crewMember') return value === 'true' ? { ...next, documentType: '', documentNumber: '' } : withProfileDocument(next, profile);
  return next;
}

/** The travel part of the request body (SPEC §7): hidden fields are null, travelDate is the UTC instant. Null if not valid. */
export function toTravel(values: TravelValues, now: Date, context: TravelContext = {}): Travel | null {
  if (Object.keys(travelIssues(values, now, context)).length > 0) return null;
  const travelDate = romeToUtcIso(values.departureDate, Number(values.hour), Number(values.minutes));
  if (travelDate === null) return null;
  const shown = (field: TravelField) => (isVisible(field, values) && values[field].trim() !== '' ? values[field].trim() : null);
  return {
    transportType: values.transportType,
    crewMember: isVisible('crewMember', values) && values.crewMember === 'true',
    travelDate,
    travelDocType: shown('documentType'),
    travelDocNumber: shown('documentNumber'),
    destinationCountry: values.destinationCountry,
    destinationFreeZone: shown('destinationFreeZone'),
    flightNumber: shown('flightNumber'),
    destinationAirport: shown('destinationAirport'),
  };
}

/** The form values of a saved travel (the draft, or the request being modified): its date and time as a wall time in Rome. */
export function fromTravel(travel: Travel | null): TravelValues {
  if (!travel) return EMPTY_TRAVEL;
  const instant = new Date(travel.travelDate);
  const wall = Number.isNaN(instant.getTime()) ? null : romeWallTime(instant);
  return {
    transportType: travel.transportType,
    crewMember: travel.crewMember ? 'true' : '',
    documentType: travel.travelDocType ?? '',
    documentNumber: travel.travelDocNumber ?? '',
    destinationCountry: travel.destinationCountry,
    destinationFreeZone: travel.destinationFreeZone ?? '',
    flightNumber: travel.flightNumber ?? '',
    destinationAirport: travel.destinationAirport ?? '',
    departureDate: wall?.day ?? '',
    hour: wall ? String(wall.hour) : '',
    minutes: wall ? String(wall.minute) : '',
  };
}
