import { useSyncExternalStore } from 'react';
import { CLAIM, SKIP_WAITING } from './messages';

/** The built worker (InjectManifest's `swDest`), at the root so that it controls every page of the portal. */
export const SERVICE_WORKER_URL = '/sw.js';
/** A portal left open for hours still learns of a release. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
let reloadRequested = false;
const listeners = new Set<() => void>();

function announce(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The new worker that waits for the traveler's Reload, or null. */
export function useWaitingServiceWorker(): ServiceWorker | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    // No worker waits in the HTML of the build.
    () => null,
  );
}

/** The traveler chose Reload: the waiting worker takes over, and the page loads again on it (controllerchange). */
export function activateWaitingServiceWorker(): void {
  if (!waiting) return;
  reloadRequested = true;
  waiting.postMessage(SKIP_WAITING);
}

/** How long what was on its way as the worker took the page may take to arrive, and still be handed over. */
const LATE_ARRIVALS_MS = 60_000;

/**
 * The first worker takes the page after the page loaded its remotes, so the worker never saw them: it is given the
 * addresses the page loaded, and keeps those its rules keep (Workbox's CACHE_URLS message). A visa opened on the first
 * visit then opens offline too. What was still on its way at that moment did not pass through the worker either: it
 * is handed over as it arrives.
 */
function keepWhatThePageLoaded(worker: ServiceWorker | null): void {
  if (!worker) return;
  const handOver = (entries: PerformanceEntryList) => {
    const urlsToCache = entries.map((entry) => entry.name);
    if (urlsToCache.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
  };
  handOver(performance.getEntriesByType('resource'));
  if (typeof PerformanceObserver !== 'function') return;
  const takenAt = performance.now();
  const late = new PerformanceObserver((list) =>
    handOver(list.getEntries().filter((entry) => entry.startTime < takenAt)),
  );
  late.observe({ type: 'resource' });
  setTimeout(() => late.disconnect(), LATE_ARRIVALS_MS);
}

/**
 * Whether a worker answered the page's own address, so that everything the page loaded passed through it. A page that
 * started without one may be taken before its start-up code runs, after it has read its configuration.
 */
function answeredByWorker(): boolean {
  const [navigation] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return (navigation?.workerStart ?? 0) > 0;
}

/**
 * Registers the worker and watches for a new one. A worker installed while another controls the page is a new release
 * of the shell: it waits, announced by the update banner, so that a page never mixes two releases. The first worker of
 * a browser replaces nothing and is not announced. `controlledAtStart` is whether the page started under a worker: one
 * that did not may have been claimed before this runs (a worker installed from an earlier page, activated while this
 * one loaded), and is handed what it loaded all the same.
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer,
  reload: () => void = () => window.location.reload(),
  controlledAtStart = container.controller !== null,
): Promise<void> {
  let handedOver = controlledAtStart;
  const handOver = () => {
    if (handedOver) return;
    handedOver = true;
    keepWhatThePageLoaded(container.controller);
  };
  container.addEventListener('controllerchange', () => {
    // The first worker claims the page too: that is no reason to reload it.
    if (!reloadRequested) return handOver();
    reloadRequested = false;
    announce(null);
    reload();
  });
  const registration = await container.register(SERVICE_WORKER_URL);
  if (container.controller) handOver();
  else void container.ready.then(({ active }) => active?.postMessage(CLAIM));
  const announceIfUpdate = (worker: ServiceWorker | null) => {
    if (worker && container.controller) announce(worker);
  };
  announceIfUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announceIfUpdate(installing);
    });
  });
  setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/**
 * After the page has loaded (the worker is off the critical path: it downloads the shell's files again to precache
 * them), in browsers that have service workers (the caller checks). Failures are logged: the portal works without a worker.
 */
export function registerServiceWorkerAfterLoad(): void {
  const register = () =>
    registerServiceWorker(navigator.serviceWorker, undefined, answeredByWorker()).catch((error: unknown) =>
      console.warn('[shell] service worker not registered', error),
    );
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
