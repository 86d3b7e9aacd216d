import type { Visa } from './visa';

/**
 * The travel of a visa request (by air, to New York), as the api answers it in English: for the tests and benches of
 * what shows or prints a visa. A test overrides what it is about (the descriptions in Italian, another flight...).
 */
export const TEST_VISA_TRAVEL = {
  meansOfTransport: { code: 'AE', description: 'Air' },
  crewMember: false,
  // 16:30 UTC is 18:30 in Rome (summer time).
  travelDate: '2026-06-12T16:30:00.000Z',
  travelDocType: { code: 'PASSAPORTO', description: 'Passport' },
  travelDocNumber: 'X1234567',
  destinationCountry: { code: 'US', description: 'United States' },
  destinationAirport: { code: 'JFK', description: 'New York John F. Kennedy' },
  destinationFreeZone: null,
  flightNumber: 'AZ 610',
} as const satisfies Partial<Visa>;
