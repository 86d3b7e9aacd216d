import { useQuery } from '@tanstack/react-query';
import { PUBLIC_BASE, lookupListSchema, type ServerLanguage, type TypologyType } from '@varco/contracts';
import { requestJson } from '@varco/http';

const TYPE: TypologyType = 'DOCUMENT_TYPE';

/** GET public/typology/DOCUMENT_TYPE: the identity document types (docs/calls.md). */
export function getDocumentTypes(language: ServerLanguage) {
  return requestJson(`${PUBLIC_BASE}/typology/${TYPE}`, lookupListSchema, { searchParams: { language } });
}

export function useDocumentTypes(language: ServerLanguage) {
  return useQuery({ queryKey: ['auth', 'typology', TYPE, language], queryFn: () => getDocumentTypes(language) });
}
