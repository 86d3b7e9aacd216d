import { expect, type Page } from '@playwright/test';

/** The service worker controls the page (the first one claims it once it has precached the shell). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
  );
}

/**
 * The worker has kept the runtime configuration and every file of the portal the page loaded that its rules keep
 * (content-hashed files, remote entries and manifests of every app: it is handed them all at once and caches them in
 * any order), and knows that a traveler is signed in (it chooses the page of a repeat visit by that).
 */
export async function keptForOffline(page: Page): Promise<void> {
  // Polled from here: waitForFunction takes the promise of an async check for a truthy answer at once.
  const notKept = () =>
    page.evaluate(async () => {
      // shell/src/offline/cache-rules.ts, seen from outside: what a repeat visit with no network needs.
      const keptByRules = (address: string) => {
        const url = new URL(address);
        return (
          url.search === '' &&
          !url.pathname.startsWith('/api/') &&
          /(\.[0-9a-f]{10}\.[a-z0-9]+|\/mf-manifest\.json|\/remoteEntry\.js)$/.test(url.pathname)
        );
      };
      const loaded = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name.replace(/#.*$/, ''))
        .filter(keptByRules);
      const kept = new Set<string>();
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) kept.add(request.url);
      const pageState = await caches.match(`${location.origin}/page-state`);
      const signedIn = pageState ? ((await pageState.json()) as { signedIn?: boolean }).signedIn === true : false;
      const missing = loaded.filter((url) => !kept.has(url));
      if (!kept.has(`${location.origin}/config.json`)) missing.push('/config.json');
      if (!loaded.some((url) => /\/mf-visa\/.*\/remoteEntry\.js$/.test(url))) missing.push('mf-visa loaded');
      if (!signedIn) missing.push('signed in');
      return missing;
    });
  await expect.poll(notKept, { message: 'what the service worker has not kept yet' }).toEqual([]);
}
