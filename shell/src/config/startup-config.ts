// Imports no shared module: the page's entry (main.js) starts this before the federation's shared modules exist.
import type { RemoteName, RuntimeConfig } from '@varco/federation-contract';
import { remoteManifests } from './canary';
import { readRuntimeConfig } from './runtime-config';

/** What the page starts with: the validated runtime configuration and the manifest of each remote for this browser. */
export interface StartupConfig {
  config: RuntimeConfig;
  /** Each remote's line of the configuration, or the canary's candidate when this browser's draw falls in its share. */
  manifests: Record<RemoteName, string>;
}

let reading: Promise<StartupConfig> | undefined;
let read: StartupConfig | undefined;

/**
 * The page's runtime configuration, fetched, validated and its canary drawn once: the entry starts it before the
 * start-up code arrives, and every later caller gets the same answer. It fails with a RuntimeConfigError when the
 * configuration cannot be read or is not valid (the start-up shows it; its retry reloads the page).
 */
export function loadStartupConfig(fetchImpl: typeof fetch = fetch): Promise<StartupConfig> {
  if (!reading) {
    reading = readRuntimeConfig(fetchImpl).then((config) => {
      read = { config, manifests: remoteManifests(config) };
      return read;
    });
    // Reported by the start-up, which may attach its handler only once its code has arrived.
    reading.catch(() => undefined);
  }
  return reading;
}

/** What loadStartupConfig read, for the code that runs once the portal has started. */
export function startupConfig(): StartupConfig {
  if (!read) throw new Error('The runtime configuration is read at start, before anything asks for it.');
  return read;
}
