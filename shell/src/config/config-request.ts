// Imports nothing: the page's entry (main.js) starts this request before the federation's shared modules exist.

export const RUNTIME_CONFIG_PATH = '/config.json';

let started: Promise<Response> | undefined;

/** Asks for the runtime configuration, never from a cache. */
export function requestRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<Response> {
  return fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
}

/**
 * Starts reading the runtime configuration as soon as the entry runs, so that it travels while the start-up code
 * downloads instead of after it (one round trip less before the remotes can be registered).
 */
export function startRuntimeConfigRequest(fetchImpl: typeof fetch = fetch): Promise<Response> {
  const request = requestRuntimeConfig(fetchImpl);
  // Read, and its failure reported, by loadRuntimeConfig.
  request.catch(() => undefined);
  started = request;
  return request;
}

/** The request started by the entry, once (a later load, a retry, asks again). */
export function takeRuntimeConfigRequest(): Promise<Response> | undefined {
  const request = started;
  started = undefined;
  return request;
}
