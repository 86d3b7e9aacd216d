import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  CHECKED_SINGLETONS,
  CONTRACT_VERSION,
  contractMismatch,
  type HostContract,
  type RemoteName,
} from '@varco/federation-contract';

/** A remote refused because it does not speak the contract of this shell; the fallback layer shows the notice. */
export class IncompatibleRemoteError extends Error {
  override name = 'IncompatibleRemoteError';
}

type SharedInfos = Record<string, ReadonlyArray<{ version?: string; from?: string }>>;

/**
 * What this shell offers a remote: the contract version it was built with (that of its @varco/federation-contract) and
 * the singletons its build puts on the page.
 */
export function hostContract(shared: SharedInfos, hostName: string): HostContract {
  const own = (name: string) => shared[name]?.find((entry) => entry.from === hostName)?.version;
  return {
    version: CONTRACT_VERSION,
    singletons: Object.fromEntries(CHECKED_SINGLETONS.map((name) => [name, own(name)])),
  };
}

/**
 * Version-skew safety: reads the contract a remote publishes in its manifest, before anything of that remote (entry,
 * shared modules, code) is loaded, and refuses a remote built against another contract major or another major of a
 * singleton that would break the page. The reason is logged once per manifest, with both versions.
 */
export function contractPlugin(): ModuleFederationRuntimePlugin {
  const reported = new Set<string>();
  return {
    name: 'varco-contract',
    afterLoadManifest({ manifestUrl, manifestJson, moduleInfo, error, origin }) {
      // A manifest that could not be fetched is the other layers' business.
      if (error || !manifestJson) return;
      const published = (manifestJson.metaData as { contract?: unknown }).contract;
      const problem = contractMismatch(
        moduleInfo.name as RemoteName,
        published,
        hostContract(origin.options.shared, origin.options.name),
      );
      if (!problem) return;
      if (!reported.has(manifestUrl)) {
        reported.add(manifestUrl);
        console.error(`[federation] ${manifestUrl} is not mounted: ${problem}`);
      }
      throw new IncompatibleRemoteError(problem);
    },
  };
}
