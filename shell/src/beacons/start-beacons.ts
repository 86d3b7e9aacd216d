import { BEACON_PATH } from '@varco/contracts/plain';
import type { StartupConfig } from '../config/startup-config';
import { whenIdle } from '../lib/when-idle';
import { knowReleases } from './releases';
import { startSending } from './sender';

/** The report's address: the api's, as every call's (`apiBaseUrl` may be a path or another origin). */
export function beaconUrl(apiBaseUrl: string): string {
  const base = new URL(apiBaseUrl, window.location.origin).toString();
  return new URL(BEACON_PATH, base.endsWith('/') ? base : `${base}/`).toString();
}

/** Runs `task` once the page has loaded and is idle: after the first paint and what the first screen needs. */
function afterLoadWhenIdle(task: () => void): void {
  const start = () => void whenIdle(task);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Starts the page's report (docs/architecture.md, "What the browser reports"): the releases this browser runs, the
 * sending when the page is hidden, and, once the page has loaded and is idle, the vitals. Called by the start-up
 * alone: the prerender and the component tests send nothing.
 */
export function startBeacons(startup: StartupConfig): void {
  knowReleases(startup);
  startSending(beaconUrl(startup.config.apiBaseUrl));
  afterLoadWhenIdle(() => {
    import(/* webpackChunkName: "vitals" */ './vitals')
      .then(({ observeVitals }) => observeVitals())
      .catch(() => undefined);
  });
}
