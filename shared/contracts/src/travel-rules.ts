/**
 * The rules of a visa request's travel details that the api checks and wizard step 2 applies as the traveler types,
 * written once here so both refuse the same values.
 */

/** IATA (2 characters) or ICAO (3 letters) airline designator, 1-4 digits, an optional suffix letter: AZ 610, BAW117. */
export const FLIGHT_NUMBER_PATTERN = /^([A-Z0-9]{2}|[A-Z]{3}) ?\d{1,4}[A-Z]?$/;

/** A flight number as it is kept: upper case, single spaces, trimmed ("az  610 " → "AZ 610"). */
export function normaliseFlightNumber(value: string): string {
  return value.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Whether a flight number, once normalised, is one (see FLIGHT_NUMBER_PATTERN). */
export function isFlightNumber(value: string): boolean {
  return FLIGHT_NUMBER_PATTERN.test(normaliseFlightNumber(value));
}

/** The longest travel document number kept. */
export const TRAVEL_DOC_NUMBER_MAX_LENGTH = 50;

/**
 * The 27 member states of the EU. Goods leave the EU VAT area only for a country outside them, or for one of their
 * free zones (the Canary Islands, Livigno…): a destination among them needs its free zone.
 */
export const EU_MEMBER_STATES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** Whether a destination country needs one of its free zones to be outside the EU VAT area. */
export function destinationNeedsFreeZone(countryCode: string): boolean {
  return EU_MEMBER_STATES.includes(countryCode.trim().toUpperCase());
}

/**
 * The invoice whose exit deadline (an ISO day) comes first: the departure cannot be later than that day, or its goods
 * would leave too late. Undefined without invoices.
 */
export function earliestExitDeadline<T extends { exitDeadline: string }>(invoices: ReadonlyArray<T>): T | undefined {
  let earliest: T | undefined;
  for (const invoice of invoices) if (!earliest || invoice.exitDeadline < earliest.exitDeadline) earliest = invoice;
  return earliest;
}
