import type { ReactNode } from 'react';
import type { Language, Travel, Visa } from '@varco/contracts';
import { notFound, renderMounted, TEST_TRAVELER } from '@varco/ui/testing';
import VisaRoutes from '../exposed/routes';

export function aVisa(overrides: Partial<Visa> = {}): Visa {
  return {
    idRichiesta: 7,
    visaRequestId: 'VR-7',
    requestCode: 'RQ-2025-0007',
    requestDate: '2025-03-14T09:05:00Z',
    totalAmount: 850,
    totalInvoices: 2,
    stateCode: 1,
    stateDescription: 'Pending',
    ...overrides,
  };
}

/**
 * The travel of wizard step 2 by air to New York with the signed-in traveler's passport, as the wizard keeps it in its
 * draft and sends it: codes only. Without its date, which each test states (the departure in Rome is what it is about).
 */
export const AIR_TRAVEL = {
  transportType: 'AE',
  crewMember: false,
  travelDocType: 'PASSPORT',
  travelDocNumber: TEST_TRAVELER.numeroDocumento,
  destinationCountry: 'US',
  destinationFreeZone: null,
  flightNumber: 'AZ610',
  destinationAirport: 'JFK',
} as const satisfies Omit<Travel, 'travelDate'>;

/** Renders the routes of this remote where the shell mounts them, signed in; `beside` (a test's own controls) next to them. */
export function renderRoutes(route: string, language: Language = 'en_US', beside?: ReactNode) {
  return renderMounted(
    '/protected/visa/*',
    <>
      <VisaRoutes />
      {beside}
    </>,
    { route, user: TEST_TRAVELER, language },
  );
}

/** The lookups of wizard step 2, as the public typology calls answer them. */
export const TRANSPORT_TYPES = [
  { code: 'AE', description: 'Air' },
  { code: 'MP', description: 'Private vehicle' },
];
export const DOCUMENT_TYPES = [
  { code: 'PASSPORT', description: 'Passport' },
  { code: 'ID_CARD', description: 'Identity card' },
];
export const DESTINATION_COUNTRIES = [
  { code: 'CH', description: 'Switzerland' },
  { code: 'US', description: 'United States' },
];
export const AIRPORTS: Record<string, Array<{ code: string; description: string }>> = {
  US: [
    { code: 'JFK', description: 'New York John F. Kennedy (JFK)' },
    { code: 'LAX', description: 'Los Angeles (LAX)' },
  ],
  CH: [],
};
export const FREE_ZONES: Record<string, Array<{ code: string; description: string }>> = {
  CH: [{ code: 'CH-SAMNAUN', description: 'Samnaun' }],
  US: [],
};

/** The answers of the public typology calls, by path. */
export function typologyAnswer(path: string): unknown {
  if (path === 'v1/public/typology/TRANSPORT_TYPE') return TRANSPORT_TYPES;
  if (path === 'v1/public/typology/DOCUMENT_TYPE') return DOCUMENT_TYPES;
  if (path === 'v1/public/typology/countries/tax-free') return DESTINATION_COUNTRIES;
  const airports = /^v1\/public\/typology\/airports\/(\w+)$/.exec(path);
  if (airports) return AIRPORTS[airports[1] as string] ?? [];
  const zones = /^v1\/public\/typology\/countries\/free-zone\/(\w+)$/.exec(path);
  if (zones) return FREE_ZONES[zones[1] as string] ?? [];
  return undefined;
}

/**
 * A stand-in for requestJson that answers by path: the given answers first (a function is called with the options),
 * then the typology lookups; anything else is a 404.
 */
export function answerByPath(answers: Record<string, unknown> = {}) {
  return (
    path: string,
    _schema?: unknown,
    options?: { method?: string; json?: unknown; searchParams?: unknown },
  ): Promise<never> => {
    const key = options?.method ? `${options.method.toUpperCase()} ${path}` : path;
    const answer = key in answers ? answers[key] : path in answers ? answers[path] : typologyAnswer(path);
    if (answer === undefined) return Promise.reject(notFound);
    const value = typeof answer === 'function' ? (answer as (o: unknown) => unknown)(options) : answer;
    return (value instanceof Promise ? value : Promise.resolve(value)) as Promise<never>;
  };
}
