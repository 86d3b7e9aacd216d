import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RemoteName } from '@varco/federation-contract';
import { releasesPlugin } from '../beacons/releases';
import { contractPlugin } from './contract-plugin';
import { fallbackPlugin } from './fallback-plugin';
import { firstScreenCallsPlugin } from './first-screen-calls';
import { idlePrefetchPlugin } from './idle-prefetch';
import { retryPlugin } from './retry-plugin';
import { createStandInModule } from './stand-in';

/**
 * Registers the remotes from the manifests this browser loads (`StartupConfig.manifests`: the runtime configuration's
 * lines, or its canary's candidate); no remote address is compiled into the shell. Each remote's contract is checked
 * before anything of it is mounted.
 */
export function startFederation(manifests: Record<RemoteName, string>): void {
  registerPlugins([
    retryPlugin({ retries: 2, delayMs: 300 }),
    // Before the contract check, which stops the hook for a refused remote: its version is reported too.
    releasesPlugin(),
    contractPlugin(),
    firstScreenCallsPlugin(),
    idlePrefetchPlugin(),
    fallbackPlugin(createStandInModule),
  ]);
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: manifests[name] })));
}
