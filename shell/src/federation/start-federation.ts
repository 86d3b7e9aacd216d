import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RuntimeConfig } from '@varco/contracts/plain';
import { remoteManifests } from './canary';
import { contractPlugin } from './contract-plugin';
import { fallbackPlugin } from './fallback-plugin';
import { firstScreenCallsPlugin } from './first-screen-calls';
import { idlePrefetchPlugin } from './idle-prefetch';
import { retryPlugin } from './retry-plugin';
import { createStandInModule } from './stand-in';

/**
 * Registers the remotes named by the runtime configuration (or its canary's candidate, for the browsers in its share);
 * no remote address is compiled into the shell. Each remote's contract is checked before anything of it is mounted.
 */
export function startFederation(config: RuntimeConfig): void {
  registerPlugins([retryPlugin({ retries: 2, delayMs: 300 }), contractPlugin(), firstScreenCallsPlugin(), idlePrefetchPlugin(), fallbackPlugin(createStandInModule)]);
  const manifests = remoteManifests(config);
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: manifests[name] })));
}
