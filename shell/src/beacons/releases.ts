import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { BEACON_VERSION_PATTERN, type BeaconApp } from '@varco/contracts/plain';
import type { RemoteName } from '@varco/federation-contract';
import type { StartupConfig } from '../config/startup-config';
import { canaryTaken } from '../config/canary';
import shellPackage from '../../package.json';

/** What every event says of the release it is about. */
export interface Release {
  app: BeaconApp;
  version: string;
  canary: boolean;
}

let manifests: Partial<Record<RemoteName, string>> = {};
let candidate: RemoteName | undefined;
/** Each remote's version as its manifest publishes it, once the manifest has arrived. */
const published = new Map<RemoteName, string>();

const asVersion = (value: unknown) =>
  typeof value === 'string' && BEACON_VERSION_PATTERN.test(value) ? value : undefined;

/** What the page starts with: the manifest of each remote for this browser, and the canary it drew. */
export function knowReleases({ config, manifests: chosen }: StartupConfig): void {
  manifests = chosen;
  candidate = canaryTaken(config, chosen);
}

/**
 * Notes the version each manifest publishes (`metaData.buildInfo.buildVersion`, the release's version), as it arrives:
 * registered before the contract check, so that a refused remote is named with its version too.
 */
export function releasesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'varco-releases',
    afterLoadManifest({ moduleInfo, manifestJson }) {
      const buildInfo = (manifestJson?.metaData as { buildInfo?: { buildVersion?: unknown } } | undefined)?.buildInfo;
      const version = asVersion(buildInfo?.buildVersion);
      if (version) published.set(moduleInfo.name as RemoteName, version);
    },
  };
}

/**
 * The release of an app as this browser runs it: the shell's own version, or a remote's from its manifest, else from
 * the versioned folder its manifest address names (a remote whose manifest never arrived). Undefined when no version
 * can be named: such an event is not sent.
 */
export function releaseOf(app: BeaconApp): Release | undefined {
  if (app === 'shell') {
    const version = asVersion(shellPackage.version);
    return version ? { app, version, canary: false } : undefined;
  }
  const version = published.get(app) ?? asVersion(manifests[app]?.split('/').at(-2));
  return version ? { app, version, canary: app === candidate } : undefined;
}
