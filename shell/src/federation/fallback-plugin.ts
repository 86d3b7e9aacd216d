import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteFailureReason } from '@varco/contracts/plain';
import type { RemoteName } from '@varco/federation-contract';
import { IncompatibleRemoteError } from './contract-plugin';
import { failureReason } from './failure-reason';

/** A module standing in for one that could not be loaded: same shape, renders the "unavailable" notice. */
export type StandInFactory = (remote: RemoteName, reason: RemoteFailureReason) => unknown;

/**
 * Second layer of resilience: a remote module that still fails after the retries resolves to a stand-in instead of
 * rejecting, so the page keeps rendering. Only module loads are answered: a failed manifest fetch must stay an
 * error at that step (the runtime would take a stand-in for a manifest), and becomes a module failure right after.
 */
export function fallbackPlugin(createStandIn: StandInFactory): ModuleFederationRuntimePlugin {
  return {
    name: 'varco-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      // An incompatible remote's reason is logged once, by the contract plugin; a failure is logged each time.
      if (!(error instanceof IncompatibleRemoteError))
        console.error(`[federation] ${id} could not be loaded; showing a stand-in`, error);
      const remote = id.split('/')[0] as RemoteName;
      return createStandIn(remote, failureReason(error, 'load'));
    },
  };
}
