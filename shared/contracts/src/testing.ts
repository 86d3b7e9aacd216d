import type { RuntimeConfig } from './runtime-config';
import type { Visa } from './visa';

/** A valid runtime configuration, for the tests of the schema and of the shell that reads it. */
export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  environment: 'test',
  apiBaseUrl: '/api',
  remotes: {
    mfAuth: 'http://cdn.test/mf-auth/0.1.0/mf-manifest.json',
    mfInvoices: 'http://cdn.test/mf-invoices/0.1.0/mf-manifest.json',
    mfVisa: 'http://cdn.test/mf-visa/0.1.0/mf-manifest.json',
    mfNotifications: 'http://cdn.test/mf-notifications/0.1.0/mf-manifest.json',
  },
  links: {
    assistance: 'https://help.test/tax-free',
    accessibility: { it: 'https://agency.test/it/accessibilita', en: 'https://agency.test/en/accessibility' },
    privacy: { it: 'https://agency.test/it/privacy', en: 'https://agency.test/en/privacy' },
    contacts: { it: 'https://agency.test/it/contatti', en: 'https://agency.test/en/contacts' },
  },
};

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
