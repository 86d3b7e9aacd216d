import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, toServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/** GET public/typology/airports/{country}: the airports of the destination country, for air travel (docs/domain.md, docs/calls.md). */
export function getAirports(country: string) {
  return requestJson(`${PUBLIC_BASE}/typology/airports/${encodeURIComponent(country)}`, lookupListSchema, {
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
}

/** Asks only once a country is chosen and the travel is by air. */
export function useAirports(country: string, enabled: boolean) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['visa', 'typology', 'airports', country, language],
    queryFn: () => getAirports(country),
    enabled: enabled && country !== '',
  });
}
