import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { MANIFEST_REQUEST, takeManifestRequest } from './early-manifests';

export interface RetryOptions {
  /** Attempts after the first one. */
  retries: number;
  /** Delay before the first retry; doubled on each following one. */
  delayMs: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches with retries on network failures and 5xx answers; a 4xx answer is final. */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  { retries, delayMs }: RetryOptions,
  fetchImpl: typeof fetch = fetch,
): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetchImpl(url, { ...init, ...MANIFEST_REQUEST });
      if (response.status < 500 || attempt >= retries) return response;
    } catch (error) {
      if (attempt >= retries) throw error;
    }
    await wait(delayMs * 2 ** attempt);
  }
}

type LoadEntryErrorContext = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

/** Loads a remote's entry script again, a few times, after its first load failed. */
async function retryEntry(
  { getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorContext,
  options: RetryOptions,
) {
  for (let attempt = 0; attempt < options.retries; attempt += 1) {
    await wait(options.delayMs * 2 ** attempt);
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch {
      // the next attempt, or the fallback layer, takes over
    }
  }
  return undefined;
}

/**
 * First layer of resilience: a remote's manifest and entry script are tried again before the remote is given up.
 * Manifests are fetched without the HTTP cache so that a new release is seen at once.
 */
export function retryPlugin(options: RetryOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'varco-retry',
    async fetch(url, init) {
      // A manifest the page's entry already asked for (early-manifests.ts); retried as usual when that failed.
      const early = await takeManifestRequest(url).catch(() => undefined);
      return early && early.status < 500 ? early : fetchWithRetry(url, init, options);
    },
    // The runtime's typing wraps this answer in one promise too many; the value it awaits is the entry itself.
    loadEntryError: (context) => retryEntry(context, options) as never,
  };
}
