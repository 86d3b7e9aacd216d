import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { firstScreenCallAt, firstScreenCallsOf, type FirstScreenCall } from '@varco/contracts/plain';
import { languageKnown } from '@varco/i18n';
import { apiClient } from '../session/api-client';
import type { FirstScreenRemote } from './first-screen';

/** What the first screen mounts of each remote, until that remote's manifest has arrived. */
const awaited = new Map<string, Omit<FirstScreenRemote, 'nameOrAlias'>>();

/** Tells the plugin which exposed modules of which remotes the first screen of this page mounts (and where). */
export function expectFirstScreen(remotes: readonly FirstScreenRemote[]): void {
  for (const { nameOrAlias, ...mounted } of remotes) awaited.set(nameOrAlias, mounted);
}

/**
 * Starts the api calls of the first screen's widgets, or of the remote page it opens on, as soon as their remote's
 * manifest has arrived (where the remote declares them, `metaData.firstScreenCalls`), in parallel with their code
 * instead of after it; the widget's or page's own call takes the answer (@varco/http). Runs after the contract
 * plugin: an incompatible remote starts nothing.
 */
export function firstScreenCallsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'varco-first-screen-calls',
    afterLoadManifest({ manifestJson, moduleInfo, error }) {
      const mounted = awaited.get(moduleInfo.name);
      if (error || !manifestJson || !mounted) return;
      awaited.delete(moduleInfo.name);
      const calls = firstScreenCallsOf(
        (manifestJson.metaData as { firstScreenCalls?: unknown }).firstScreenCalls,
        mounted.exposes,
      )
        .map((call) => firstScreenCallAt(call, mounted.below))
        .filter((call): call is FirstScreenCall => call !== undefined);
      if (calls.length === 0) return;
      // The calls carry the page's language (not its texts, which may still be on their way).
      Promise.all([apiClient(), languageKnown()])
        .then(([http]) => calls.forEach((call) => http.startEarly(call)))
        .catch(() => undefined);
    },
  };
}
