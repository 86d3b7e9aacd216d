import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, type ServerLanguage, type TypologyType } from '@varco/contracts';
import { requestJson } from '@varco/http';

const TYPE: TypologyType = 'COUNTRY';

/** GET public/typology/COUNTRY: every country, for the country that issued the document (docs/calls.md). */
export function getCountries(language: ServerLanguage) {
  return requestJson(`${PUBLIC_BASE}/typology/${TYPE}`, lookupListSchema, { searchParams: { language } });
}

export function useCountries(language: ServerLanguage) {
  return useQuery({ queryKey: ['auth', 'typology', TYPE, language], queryFn: () => getCountries(language) });
}
