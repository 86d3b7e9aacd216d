import { useEffect } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { NETWORK_ERROR_TYPE, PRIVATE_BASE, toServerLanguage, visaSchema, type Visa } from '@varco/contracts';
import { isClientError, isNotFound, requestJson } from '@varco/http';
import { currentLanguage } from '@varco/i18n';
import { dropOfflineCopy, keepOfflineCopy, offlineCopy, sessionStore } from '@varco/session';
import { FOLLOWS_NOTIFICATIONS } from '@varco/ui';

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
    meta: FOLLOWS_NOTIFICATIONS,
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

/**
 * One copy per request, the last answer in whichever language it came: a change of the request (a new QR after a
 * modification) replaces it, so no older copy in another language can outlive it.
 */
const copyKey = (id: number) => `visa:${id}`;

const traveler = () => sessionStore.getState().user.numeroDocumento ?? '';

/**
 * The request as the detail page shows it. Each answer is kept for the signed-in traveler (with its QR); with no
 * network, that copy is shown instead of an error, so that the QR opens at a gate with no connection. The copy is
 * forgotten at sign-out (@varco/session).
 */
export async function getShownVisa(id: number): Promise<ShownVisa> {
  const owner = traveler();
  try {
    const visa = await getVisa(id);
    keepOfflineCopy(owner, copyKey(id), visa);
    return { visa, offlineAsOf: null };
  } catch (error) {
    if (isNotFound(error)) dropOfflineCopy(owner, copyKey(id));
    const copy = isClientError(error) && error.type === NETWORK_ERROR_TYPE ? offlineCopy(owner, copyKey(id)) : null;
    const kept = copy ? visaSchema.safeParse(copy.data) : null;
    if (!copy || !kept?.success) throw error;
    return { visa: kept.data, offlineAsOf: copy.savedAt };
  }
}

const shownVisaKey = (id: number | null) => ['visa', 'shown', id, currentLanguage()];

/**
 * The detail page's query. It runs with no network too (`offlineFirst`: the copy answers then), and a copy shown
 * offline is replaced by a fresh answer as soon as the browser is online again.
 */
export function useShownVisa(id: number | null) {
  const query = useQuery({
    queryKey: shownVisaKey(id),
    queryFn: () => getShownVisa(id as number),
    enabled: id !== null,
    networkMode: 'offlineFirst',
    meta: FOLLOWS_NOTIFICATIONS,
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

/**
 * Loads request `id` for its detail page ahead of showing it, after a change the api has answered: the page then
 * opens on what the api holds now (its new QR), and the offline copy is that one too. A failure is the page's to show.
 */
export function loadShownVisa(queryClient: QueryClient, id: number): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: shownVisaKey(id),
    queryFn: () => getShownVisa(id),
    networkMode: 'offlineFirst',
  });
}

/** Request `id` is gone (deleted): nothing of it is shown again, neither from the cache nor offline. */
export function forgetVisa(queryClient: QueryClient, id: number): void {
  queryClient.removeQueries({
    predicate: (query) =>
      query.queryKey[0] === 'visa' &&
      (query.queryKey[1] === 'shown' || query.queryKey[1] === 'detail') &&
      query.queryKey[2] === id,
  });
  dropOfflineCopy(traveler(), copyKey(id));
}
