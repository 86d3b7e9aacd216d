import type { Options } from 'ky';
import { toServerLanguage, type FirstScreenCall } from '@varco/contracts';
import { currentLanguage } from '@varco/i18n';
import { sessionStore } from '@varco/session';

/** An answer started early and not taken within this time is dropped: the widget asks again. */
const KEPT_MS = 30_000;

interface Started {
  body: Promise<unknown>;
  at: number;
}

const started = new Map<string, Started>();

// Nothing started for one traveler is ever given to another, nor after sign-out.
sessionStore.subscribe((state, previous) => {
  if (state.user.numeroDocumento !== previous.user.numeroDocumento) started.clear();
});

/** One key per GET: the page's language (the Accept-Language the answer was asked in), the path, the sorted query. */
function keyOf(path: string, searchParams: Options['searchParams']): string {
  const pairs: Array<[string, unknown]> =
    searchParams instanceof URLSearchParams || typeof searchParams === 'string'
      ? [...new URLSearchParams(searchParams)]
      : Array.isArray(searchParams)
        ? searchParams.map(([name, value]) => [String(name), value])
        : Object.entries(searchParams ?? {});
  const query = new URLSearchParams(
    pairs.flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );
  query.sort();
  return `${currentLanguage()} ${path}?${query.toString()}`;
}

/**
 * Starts a call a remote's widget will make when it mounts (declared in the remote's manifest, started by the shell
 * while the widget's code downloads), so that the widget's `requestJson` takes its answer instead of asking then.
 */
export function startFirstScreenCall(
  call: FirstScreenCall,
  get: (path: string, options: Options) => Promise<unknown>,
): void {
  const searchParams = {
    ...call.searchParams,
    ...(call.language ? { language: toServerLanguage(currentLanguage()) } : {}),
  };
  const key = keyOf(call.path, searchParams);
  if (started.has(key)) return;
  const body = get(call.path, { searchParams });
  // Its failure is the widget's, when it takes it; one never taken is not an error of the page.
  body.catch(() => undefined);
  started.set(key, { body, at: Date.now() });
}

/** The answer of the same GET started early, once, while it is fresh; undefined for anything else. */
export function takeStartedCall(path: string, options: Options): Promise<unknown> | undefined {
  if ((options.method ?? 'get').toLowerCase() !== 'get' || options.body !== undefined || options.json !== undefined)
    return undefined;
  const key = keyOf(path, options.searchParams);
  const call = started.get(key);
  if (!call) return undefined;
  started.delete(key);
  return Date.now() - call.at <= KEPT_MS ? call.body : undefined;
}
