import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, type ServerLanguage } from '@varco/contracts';
import { requestJson } from '@varco/http';

/**
 * GET public/typology/countries/tax-free: the countries of residence a traveler may register with (docs/calls.md); for a
 * registration these include the EU countries with inhabited free zones (Livigno...), whose residents qualify.
 */
export function getTaxFreeCountries(language: ServerLanguage) {
  return requestJson(`${PUBLIC_BASE}/typology/countries/tax-free`, lookupListSchema, {
    searchParams: { language, from: 'REGISTRATION' },
  });
}

export function useTaxFreeCountries(language: ServerLanguage) {
  return useQuery({
    queryKey: ['auth', 'typology', 'tax-free-countries', language],
    queryFn: () => getTaxFreeCountries(language),
  });
}
