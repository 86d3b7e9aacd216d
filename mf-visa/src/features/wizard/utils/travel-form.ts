import { DATE_INPUT_MAX, MIN_TEXT_LENGTH, TRANSPORT_AIR, TRANSPORT_PRIVATE_VEHICLE, type Travel } from '@varco/contracts';
import { isDepartureInFuture, isIsoDay, minDepartureDay, romeToUtcIso, romeWallTime } from './rome-clock';

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

/** What is wrong with a field; the form turns it into a translated message. */
export type TravelIssue = 'required' | 'empty' | 'minLength' | 'date' | 'futureDate';

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

/** The issue of one field, or null. Hidden fields have none. */
export function travelIssue(field: TravelField, values: TravelValues, now: Date): TravelIssue | null {
  if (!isRequired(field, values)) return null;
  const value = values[field].trim();
  if (TEXT_FIELDS.has(field)) {
    // Required texts are longer than one character (SPEC §5, §9).
    if (value === '') return 'empty';
    return value.length < MIN_TEXT_LENGTH ? 'minLength' : null;
  }
  if (value === '') return 'required';
  if (field === 'departureDate') {
    if (!isIsoDay(value) || value > DATE_INPUT_MAX) return 'date';
    return value < minDepartureDay(now) ? 'futureDate' : null;
  }
  if (field === 'minutes' || field === 'hour') {
    // The combined date and time must not be in the past (custom:dateMustBeInFuture); told once, on the minutes.
    if (field === 'hour' || values.departureDate === '' || values.hour === '' || !isIsoDay(values.departureDate)) return null;
    return isDepartureInFuture(values.departureDate, Number(values.hour), Number(value), now) ? null : 'futureDate';
  }
  return null;
}

/** Every issue of the form, in the order of the fields. */
export function travelIssues(values: TravelValues, now: Date): Partial<Record<TravelField, TravelIssue>> {
  const issues: Partial<Record<TravelField, TravelIssue>> = {};
  for (const field of TRAVEL_FIELDS) {
    const issue = travelIssue(field, values, now);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** SPEC §5: changing the transport resets the form; changing the date clears hour and minutes; and what depends on a field goes with it. */
export function changeTravel(values: TravelValues, field: TravelField, value: string): TravelValues {
  if (field === 'transportType') return { ...EMPTY_TRAVEL, transportType: value };
  const next = { ...values, [field]: value };
  if (field === 'departureDate') return { ...next, hour: '', minutes: '' };
  if (field === 'destinationCountry') return { ...next, destinationFreeZone: '', destinationAirport: '' };
  if (field === 'crewMember' && value === 'true') return { ...next, documentType: '', documentNumber: '' };
  return next;
}

/** The travel part of the request body (SPEC §7): hidden fields are null, travelDate is the UTC instant. Null if not valid. */
export function toTravel(values: TravelValues, now: Date): Travel | null {
  if (Object.keys(travelIssues(values, now)).length > 0) return null;
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
