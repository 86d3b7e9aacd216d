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
import { isInstantInFuture, minDepartureDay, romeToUtc } from './departure-clock';

export * from './departure-clock';

/**
 * The travel details of a visa request as the wizard's step 2 asks them (the form's values), with the rules of which
 * fields are shown and required; an entry point of its own (`@varco/contracts/travel-details`), since only the wizard
 * and the api need it. The rules take the domain's values (`TravelFacts`: the departure as an instant and its day in
 * Rome): the api gives them the request body's, the form converts its texts once (`travelFactsOf`). The request
 * body's travel is `Travel` (visa.ts).
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
 * The departure as the rules take it: the instant, and its day in Rome (its wall time's). While the form has no
 * complete wall time, only the day it holds and no instant.
 */
export interface Departure {
  /** An ISO day in Rome; '' when there is none, or whatever text the form's day holds. */
  day: string;
  /** null while there is no complete, existing wall time (and always when `day` is not a day). */
  instant: Date | null;
}

/** The departure of the request body's travelDate: none unless it is an instant with a time and a zone. */
export function departureOf(travelDate: string): Departure {
  const match = DEPARTURE_INSTANT.exec(travelDate.trim());
  const instant = match && isIsoDay(match[1] as string) ? new Date(travelDate.trim()) : null;
  if (instant === null || Number.isNaN(instant.getTime())) return { day: '', instant: null };
  return { day: romeWallTime(instant).day, instant };
}

/** The travel as the rules take it: the travel's own values, and the departure as a domain value. */
export type TravelFacts = Omit<TravelValues, 'departureDate' | 'hour' | 'minutes'> & { departure: Departure };

/** The form's values as the rules take them: its day, hour and minutes converted, once, to the departure. */
export function travelFactsOf(values: TravelValues): TravelFacts {
  const { departureDate: day, hour, minutes, ...travel } = values;
  const complete = isIsoDay(day) && hour !== '' && minutes.trim() !== '';
  const instant = complete ? romeToUtc(day, Number(hour), Number(minutes.trim())) : null;
  return { ...travel, departure: { day, instant } };
}

/**
 * The form values of a travel as the request body carries it (a saved draft, or the request being modified): the
 * departure as a wall time in Rome; a departure that is not an instant leaves day, hour and minutes empty.
 */
export function travelValuesOf(travel: Travel): TravelValues {
  const { instant } = departureOf(travel.travelDate);
  const wall = instant === null ? null : romeWallTime(instant);
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

/** What decides which fields a travel has: the transport, and whether the traveler is crew. */
type TravelMeans = Pick<TravelValues, 'transportType' | 'crewMember'>;
/** A field's issue, or null. */
type Issue = TravelIssue | null;
/** The issues of a travel by field. */
type TravelIssues = Partial<Record<TravelField, TravelIssue>>;

/** A private vehicle (MP) hides the crew checkbox and the document fields; a crew member has no document fields; only by air a flight and an airport. */
export function isTravelFieldShown(field: TravelField, values: TravelMeans): boolean {
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
export function isTravelFieldRequired(field: TravelField, values: TravelMeans): boolean {
  return field !== 'crewMember' && field !== 'destinationFreeZone' && isTravelFieldShown(field, values);
}

/** A required text (document number, flight number) under the account forms' text rule. */
const requiredText = (value: string, max = Number.POSITIVE_INFINITY) => textIssue(value, max) as TravelIssue | null;

/**
 * The issue of one field of the form, or null: the rules (`travelFactIssue`) on its values converted (`facts`), and
 * what only a form has: an hour and minutes to choose, and a wall time that Rome skips (told as not in the future).
 */
function formIssue(field: TravelField, values: TravelValues, facts: TravelFacts, context: TravelContext): Issue {
  if (!isTravelFieldRequired(field, values)) return null;
  if ((field === 'hour' || field === 'minutes') && values[field].trim() === '') return { code: 'required' };
  const skipped = isIsoDay(values.departureDate) && values.hour !== '' && facts.departure.instant === null;
  if (field === 'minutes' && skipped) return { code: 'futureDate' };
  return travelFactIssue(field, facts, context);
}

/**
 * The issue of one field, or null; hidden fields have none. The departure day is a real day up to 2999-12-31, not
 * before today in Rome nor after the exit deadline; the departure is not in the past, told once, on the minutes.
 */
export function travelFactIssue(field: TravelField, facts: TravelFacts, { now, exitDeadline }: TravelContext): Issue {
  if (!isTravelFieldRequired(field, facts)) return null;
  switch (field) {
    case 'departureDate': {
      const day = facts.departure.day.trim();
      if (day === '') return { code: 'required' };
      if (!isIsoDay(day) || day > DATE_INPUT_MAX) return { code: 'date' };
      if (day < minDepartureDay(now)) return { code: 'futureDate' };
      return exitDeadline && day > exitDeadline.day ? { code: 'afterDeadline', ...exitDeadline } : null;
    }
    case 'hour':
      return null;
    case 'minutes': {
      const { instant } = facts.departure;
      return instant === null || isInstantInFuture(instant, now) ? null : { code: 'futureDate' };
    }
  }
  const text = String(facts[field]).trim();
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
      if (!destinationNeedsFreeZone(text)) return null;
      return facts.destinationFreeZone.trim() === '' ? { code: 'destinationInEu' } : null;
    default:
      return null;
  }
}

/** Every issue of the form's travel, in the order of the fields. */
export function travelIssues(values: TravelValues, context: TravelContext): Partial<Record<TravelField, TravelIssue>> {
  const facts = travelFactsOf(values);
  return issuesOf((field) => formIssue(field, values, facts, context));
}

/** Every issue of a travel under the rules (the api's check of a request body), in the order of the fields. */
export function travelFactIssues(facts: TravelFacts, context: TravelContext): TravelIssues {
  return issuesOf((field) => travelFactIssue(field, facts, context));
}

function issuesOf(issueOf: (field: TravelField) => Issue): TravelIssues {
  const issues: TravelIssues = {};
  for (const field of TRAVEL_FIELDS) {
    const issue = issueOf(field);
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
