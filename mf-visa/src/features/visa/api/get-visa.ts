import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LANGUAGES, NETWORK_ERROR_TYPE, PRIVATE_BASE, toServerLanguage, visaSchema, type Visa } from '@varco/contracts';
import { isClientError, isNotFound, requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { dropOfflineCopy, keepOfflineCopy, offlineCopy, sessionStore } from '@varco/session';

/** GET private/visa/{id}: one visa request with its QR code (docs/calls.md). */
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
    // While the same request loads again in a newly chosen language, its answer in the previous one stays: the
    // modification wizard built on it keeps what the traveler has typed instead of giving way to a loader.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === id ? previous : undefined),
  });
}

export interface ShownVisa {
  visa: Visa;
  /** When the copy shown was received, if the network could not be reached; null for a fresh answer. */
  offlineAsOf: string | null;
}

/** One copy per language: the api words the states and the lookup values (transport, document, places) in it. */
const copyKey = (id: number, language: string) => `visa:${id}:${language}`;

/** The copy in the page's language, else one in another language (the QR and the code are the same in every one). */
function bestOfflineCopy(owner: string, id: number) {
  const language = currentLanguage();
  for (const candidate of [language, ...LANGUAGES.filter((other) => other !== language)]) {
    const copy = offlineCopy(owner, copyKey(id, candidate));
    if (copy) return copy;
  }
  return null;
}

/**
 * The request as the detail page shows it. Each answer is kept for the signed-in traveler (with its QR); with no
 * network, that copy is shown instead of an error, so that the QR opens at a gate with no connection. The copy is
 * forgotten at sign-out (@varco/session).
 */
export async function getShownVisa(id: number): Promise<ShownVisa> {
  const owner = sessionStore.getState().user.numeroDocumento ?? '';
  try {
    const visa = await getVisa(id);
    keepOfflineCopy(owner, copyKey(id, currentLanguage()), visa);
    return { visa, offlineAsOf: null };
  } catch (error) {
    if (isNotFound(error)) for (const language of LANGUAGES) dropOfflineCopy(owner, copyKey(id, language));
    const copy = isClientError(error) && error.type === NETWORK_ERROR_TYPE ? bestOfflineCopy(owner, id) : null;
    const kept = copy ? visaSchema.safeParse(copy.data) : null;
    if (!copy || !kept?.success) throw error;
    return { visa: kept.data, offlineAsOf: copy.savedAt };
  }
}

/**
 * The detail page's query. It runs with no network too (`offlineFirst`: the copy answers then), and a copy shown
 * offline is replaced by a fresh answer as soon as the browser is online again.
 */
export function useShownVisa(id: number | null) {
  const query = useQuery({
    queryKey: ['visa', 'shown', id, currentLanguage()],
    queryFn: () => getShownVisa(id as number),
    enabled: id !== null,
    networkMode: 'offlineFirst',
  });
  const offline = Boolean(query.data?.offlineAsOf);
  const { refetch } = query;
  useEffect(() => {
    if (!offline) return undefined;
    const refresh = () => void refetch();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [offline, refetch]);
  return query;
}
