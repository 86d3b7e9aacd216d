import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

let idle = false;

/**
 * From now on, the files the federation runtime fetches ahead of time are prefetches (preloadWhenIdle calls it as it
 * starts: by then the first screen has what it needs, and whatever is fetched ahead is for a later page).
 */
export function prefetchFromNowOn(): void {
  idle = true;
}

/**
 * Turns the runtime's `<link rel="preload">` into `<link rel="prefetch">` once the preloads are for later pages
 * (prefetchFromNowOn). A preload is for the page being shown: the browser fetches it first and warns in the console
 * when the page has not used it within a few seconds (a warning per file of the idle preload). A prefetch is for a
 * page to come: fetched when nothing else is, kept in the cache (the service worker's too), no warning.
 */
export function idlePrefetchPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'varco-idle-prefetch',
    createLink({ url, attrs }) {
      if (!idle || attrs?.rel !== 'preload') return undefined;
      const link = document.createElement('link');
      for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, String(value));
      link.setAttribute('rel', 'prefetch');
      link.setAttribute('href', url);
      return link;
    },
  };
}
