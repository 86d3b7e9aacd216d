// Imports only types and the first screen's table: the page's entry (main.js) runs this before the start-up code.
import type { StartupConfig } from '../config/startup-config';
import { firstScreenRemotes } from './first-screen';

/** How every manifest is fetched, early or by the runtime (retry-plugin.ts): never from the HTTP cache. */
export const MANIFEST_REQUEST: RequestInit = { cache: 'no-cache' };

const started = new Map<string, Promise<Response>>();
/** Settled once the entry has started what it starts: the runtime may ask for a manifest before (a warm cache). */
let starting: Promise<void> = Promise.resolve();

/**
 * Starts fetching the manifests of the remotes the first screen of `pathname` mounts as soon as the entry has the
 * configuration, for the federation runtime to take (takeManifestRequest; docs/architecture.md, "The first screen does
 * not wait in line"). The entry cannot read the saved session: a visitor without one fetched a few manifests for
 * nothing.
 */
export function startManifestRequests(
  startup: Promise<StartupConfig>,
  pathname: string,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const remotes = firstScreenRemotes(pathname);
  if (remotes.length === 0) return starting;
  starting = start(startup, remotes, fetchImpl);
  return starting;
}

async function start(
  startup: Promise<StartupConfig>,
  remotes: ReturnType<typeof firstScreenRemotes>,
  fetchImpl: typeof fetch,
): Promise<void> {
  let manifests: StartupConfig['manifests'];
  try {
    ({ manifests } = await startup);
  } catch {
    return;
  }
  for (const { nameOrAlias } of remotes) {
    const url = manifests[nameOrAlias];
    if (started.has(url)) continue;
    const request = fetchImpl(url, MANIFEST_REQUEST);
    request.catch(() => undefined);
    started.set(url, request);
  }
}

/** The request the entry started for this manifest, once; undefined when it started none. */
export async function takeManifestRequest(url: string): Promise<Response | undefined> {
  await starting;
  const request = started.get(url);
  started.delete(url);
  return request;
}
