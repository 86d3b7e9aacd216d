import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, toServerLanguage, type FreeZoneQuery } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/** GET public/typology/countries/free-zone/{country}?from=VISA: the free zones of the destination country (docs/calls.md). */
export function getFreeZones(country: string) {
  const query: FreeZoneQuery = { from: 'VISA', language: toServerLanguage(currentLanguage()) };
  return requestJson(`${PUBLIC_BASE}/typology/countries/free-zone/${encodeURIComponent(country)}`, lookupListSchema, {
    searchParams: query,
  });
}

/** Asks only once a country is chosen. */
export function useFreeZones(country: string) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['visa', 'typology', 'free-zones', country, language],
    queryFn: () => getFreeZones(country),
    enabled: country !== '',
  });
}
