import { useQuery } from '@tanstack/react-query';
import { PRIVATE_BASE, toServerLanguage, visaSchema } from '@varco/contracts';
import { requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';

/** GET private/visa/{id}: one visa request with its QR code (SPEC §7). */
export function getVisa(id: number) {
  return requestJson(`${PRIVATE_BASE}/visa/${id}`, visaSchema, {
    searchParams: { language: toServerLanguage(currentLanguage()) },
  });
}

/** `id` is null when the address holds no valid id: nothing is asked then. */
export function useVisa(id: number | null) {
  return useQuery({
    queryKey: ['visa', 'detail', id, currentLanguage()],
    queryFn: () => getVisa(id as number),
    enabled: id !== null,
  });
}
