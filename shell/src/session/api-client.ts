import { countCall } from '../beacons/page-views';
import { startupConfig } from '../config/startup-config';

let configured: Promise<typeof import('@varco/http')> | undefined;

/**
 * The http client, configured with the api base URL. Loaded on first need (the first remote, or logout): the
 * shell's public pages call no api, so a first visit of / does not download it.
 */
export function apiClient(): Promise<typeof import('@varco/http')> {
  configured ??= import('@varco/http').then((http) => {
    http.configureHttp({ apiBaseUrl: startupConfig().config.apiBaseUrl });
    // Every call's outcome counts for the page shown (the page's report).
    http.observeCalls(countCall);
    return http;
  });
  return configured;
}
