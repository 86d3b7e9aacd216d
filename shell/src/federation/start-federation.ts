import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_NAMES, type RuntimeConfig } from '@varco/contracts';
import { fallbackPlugin } from './fallback-plugin';
import { retryPlugin } from './retry-plugin';
import { createStandInModule } from './stand-in';

/** Registers the remotes named by the runtime configuration; no remote address is compiled into the shell. */
export function startFederation(config: RuntimeConfig): void {
  registerPlugins([retryPlugin({ retries: 2, delayMs: 300 }), fallbackPlugin(createStandInModule)]);
  registerRemotes(REMOTE_NAMES.map((name) => ({ name, entry: config.remotes[name] })));
}
