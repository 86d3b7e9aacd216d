import * as z from 'zod/mini';
// The rest of the contracts through the package's name: in the browser they are the shared instance of the shell.
import {
  DATE_INPUT_MAX,
  destinationNeedsFreeZone,
  isFlightNumber,
  isIsoDay,
  romeWallTime,
  ruleMessage,
  textIssue,
  TRANSPORT_AIR,
  TRANSPORT_PRIVATE_VEHICLE,
  TRAVEL_DOC_NUMBER_MAX_LENGTH,
  type AccountRuleIssue,
  type Travel,
} from '@varco/contracts';
import { isDepartureInFuture, minDepartureDay } from './departure-clock';

export * from './departure-clock';

/**
 * The travel details of a visa request as the wizard's step 2 asks them, with the rules of which fields are shown and
 * required; an entry point of its own (`@varco/contracts/travel-details`), since only the wizard and the api need it.
 * The request body's travel is `Travel` (visa.ts).
 */
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

export interface TravelValues {
  transportType: string;
  crewMember: boolean;
  documentType: string;
  documentNumber: string;
  destinationCountry: string;
  destinationFreeZone: string;
  flightNumber: string;
  destinationAirport: string;
  departureDate: string;
  hour: string;
  minutes: string;
}

export const EMPTY_TRAVEL: TravelValues = {
  transportType: '',
  crewMember: false,
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

/** The departure as the request body carries it: an instant with a time and a zone (the wizard sends UTC, 2026-05-01T08:30:00.000Z). */
const DEPARTURE_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The field of the request body's travel (`Travel`) that each form field fills; the departure's three fill travelDate. */
export const TRAVEL_BODY_FIELDS: Readonly<Record<TravelField, keyof Travel>> = {
  transportType: 'transportType',
  crewMember: 'crewMember',
  documentType: 'travelDocType',
  documentNumber: 'travelDocNumber',
  destinationCountry: 'destinationCountry',
  destinationFreeZone: 'destinationFreeZone',
  flightNumber: 'flightNumber',
  destinationAirport: 'destinationAirport',
  departureDate: 'travelDate',
  hour: 'travelDate',
  minutes: 'travelDate',
};

/**
 * The form values of a travel as the request body carries it (a saved draft, the request being modified, or the body
 * the api checks): the departure as a wall time in Rome; a departure that is not an instant leaves day, hour and
 * minutes empty.
 */
export function travelValuesOf(travel: Travel): TravelValues {
  const match = DEPARTURE_INSTANT.exec(travel.travelDate.trim());
  const instant = match && isIsoDay(match[1] as string) ? new Date(travel.travelDate.trim()) : null;
  const wall = instant === null || Number.isNaN(instant.getTime()) ? null : romeWallTime(instant);
  return {
    transportType: travel.transportType,
    crewMember: travel.crewMember,
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

/** What is wrong with a travel field; the wizard words it (its own texts), the deadline's with the invoice it comes from. */
export type TravelIssue =
  | { code: 'required' }
  | Extract<AccountRuleIssue, { code: 'empty' | 'minLength' | 'maxLength' | 'date' }>
  | { code: 'futureDate' }
  | { code: 'afterDeadline'; day: string; invoiceNumber: string }
  | { code: 'flightNumber' }
  | { code: 'destinationInEu' };

/** What the rules need beyond the values: the clock, and the earliest exit deadline of the selected invoices. */
export interface TravelContext {
  now: Date;
  exitDeadline?: { day: string; invoiceNumber: string } | undefined;
}

/** A private vehicle (MP) hides the crew checkbox and the document fields; a crew member has no document fields; only by air a flight and an airport. */
export function isTravelFieldShown(field: TravelField, values: TravelValues): boolean {
  const privateVehicle = values.transportType === TRANSPORT_PRIVATE_VEHICLE;
  switch (field) {
    case 'crewMember':
      return !privateVehicle;
    case 'documentType':
    case 'documentNumber':
      return !privateVehicle && !values.crewMember;
    case 'flightNumber':
    case 'destinationAirport':
      return values.transportType === TRANSPORT_AIR;
    default:
      return true;
  }
}

/** Every shown field is required but the crew checkbox and the free zone. */
export function isTravelFieldRequired(field: TravelField, values: TravelValues): boolean {
  return field !== 'crewMember' && field !== 'destinationFreeZone' && isTravelFieldShown(field, values);
}

/** A required text (document number, flight number) under the account forms' text rule. */
const requiredText = (value: string, max = Number.POSITIVE_INFINITY) => textIssue(value, max) as TravelIssue | null;

/**
 * The issue of one field, or null; hidden fields have none. The departure day is a real day up to 2999-12-31, not
 * before today in Rome nor after the exit deadline; the departure (day, hour, minutes) is not in the past, told once,
 * on the minutes.
 */
export function travelIssue(field: TravelField, values: TravelValues, { now, exitDeadline }: TravelContext): TravelIssue | null {
  if (!isTravelFieldRequired(field, values)) return null;
  const value = values[field] as string;
  const text = value.trim();
  switch (field) {
    case 'documentNumber':
      return requiredText(text, TRAVEL_DOC_NUMBER_MAX_LENGTH);
    case 'flightNumber':
      return requiredText(text) ?? (isFlightNumber(text) ? null : { code: 'flightNumber' });
    default:
      if (text === '') return { code: 'required' };
  }
  switch (field) {
    case 'destinationCountry':
      return destinationNeedsFreeZone(text) && values.destinationFreeZone.trim() === '' ? { code: 'destinationInEu' } : null;
    case 'departureDate':
      if (!isIsoDay(text) || text > DATE_INPUT_MAX) return { code: 'date' };
      if (text < minDepartureDay(now)) return { code: 'futureDate' };
      return exitDeadline && text > exitDeadline.day ? { code: 'afterDeadline', ...exitDeadline } : null;
    case 'minutes':
      if (values.departureDate === '' || values.hour === '' || !isIsoDay(values.departureDate)) return null;
      return isDepartureInFuture(values.departureDate, Number(values.hour), Number(text), now) ? null : { code: 'futureDate' };
    default:
      return null;
  }
}

/** Every issue of the travel, in the order of the fields. */
export function travelIssues(values: TravelValues, context: TravelContext): Partial<Record<TravelField, TravelIssue>> {
  const issues: Partial<Record<TravelField, TravelIssue>> = {};
  for (const field of TRAVEL_FIELDS) {
    const issue = travelIssue(field, values, context);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** The travel details as a schema (react-hook-form's zod resolver): the context is read at each check, the clock moving. */
export function travelDetailsSchema(context: () => TravelContext) {
  const text = z.string();
  return z
    .object({
      transportType: text,
      crewMember: z.boolean(),
      documentType: text,
      documentNumber: text,
      destinationCountry: text,
      destinationFreeZone: text,
      flightNumber: text,
      destinationAirport: text,
      departureDate: text,
      hour: text,
      minutes: text,
    })
    .check(
      z.superRefine((values, check) => {
        for (const [field, issue] of Object.entries(travelIssues(values, context())))
          check.addIssue({ code: 'custom', path: [field], message: ruleMessage(issue) });
      }),
    );
}
