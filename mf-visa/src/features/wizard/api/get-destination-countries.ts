import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, toServerLanguage, type FreeZoneQuery } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/**
 * GET public/typology/countries/tax-free?from=VISA: the countries a traveler may leave for with tax-free goods, i.e.
 * outside the EU (docs/calls.md). All countries (typology COUNTRY) would offer the member states too.
 */
export function getDestinationCountries() {
  const query: FreeZoneQuery = { from: 'VISA', language: toServerLanguage(currentLanguage()) };
  return requestJson(`${PUBLIC_BASE}/typology/countries/tax-free`, lookupListSchema, { searchParams: query });
}

export function useDestinationCountries() {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['visa', 'typology', 'destination-countries', language],
    queryFn: getDestinationCountries,
  });
}
