import type { Page } from '@playwright/test';

/** The service worker controls the page (the first one claims it once it has precached the shell). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
  );
}

/**
 * The worker has kept the runtime configuration and every file of mf-visa the page loaded (it is handed them all at
 * once, and caches them in any order), and knows that a traveler is signed in (it chooses the page of a repeat visit by
 * that).
 */
export async function keptForOffline(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => /\/mf-visa\//.test(url));
    const kept = new Set<string>();
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) kept.add(request.url);
    const pageState = await caches.match(`${location.origin}/page-state`);
    const signedIn = pageState ? ((await pageState.json()) as { signedIn?: boolean }).signedIn === true : false;
    return (
      kept.has(`${location.origin}/config.json`) &&
      loaded.some((url) => url.endsWith('/remoteEntry.js')) &&
      loaded.every((url) => kept.has(url)) &&
      signedIn
    );
  });
}
