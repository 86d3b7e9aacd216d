import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, toServerLanguage, type TypologyType } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/** The lookups of wizard step 2: transport types (AE, MP) and identity document types. */
export type TravelTypology = Extract<TypologyType, 'TRANSPORT_TYPE' | 'DOCUMENT_TYPE'>;

/** GET public/typology/{type}: `{ code, description }` records in the current language (docs/domain.md, docs/calls.md). */
export function getTypology(type: TravelTypology) {
  return requestJson(`${PUBLIC_BASE}/typology/${type}`, lookupListSchema, {
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
}

export function useTypology(type: TravelTypology) {
  const language = currentLanguage();
  return useQuery({ queryKey: ['visa', 'typology', type, language], queryFn: () => getTypology(type) });
}
