import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, type FreeZoneQuery, type ServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';

/** GET public/typology/countries/free-zone/{country}?from=REGISTRATION: the zones of a country of residence (docs/calls.md). */
export function getFreeZones(country: string, language: ServerLanguage) {
  const query: FreeZoneQuery = { from: 'REGISTRATION', language };
  return requestJson(`${PUBLIC_BASE}/typology/countries/free-zone/${encodeURIComponent(country)}`, lookupListSchema, {
    searchParams: query,
  });
}

/** Asks only once a country is chosen. */
export function useFreeZones(country: string, language: ServerLanguage) {
  return useQuery({
    queryKey: ['auth', 'typology', 'free-zones', country, language],
    queryFn: () => getFreeZones(country, language),
    enabled: country !== '',
  });
}
