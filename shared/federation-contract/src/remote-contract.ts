import { CHECKED_SINGLETONS } from './checked-singletons';
import { CONTRACT_EXPOSES } from './remotes';
import type { RemoteName } from './runtime-config';

export { CHECKED_SINGLETONS };

/**
 * What a remote publishes in its manifest (`metaData.contract`, written by the shared webpack configuration): the
 * contract version it was built against (the version of its copy of this package), the modules it exposes and
 * the versions of the shared singletons it was built with.
 */
export interface RemoteContract {
  version: string;
  exposes: string[];
  singletons: Record<string, string>;
}

/** What the running shell offers: its own contract version and the versions of the singletons on the page. */
export interface HostContract {
  version: string;
  singletons: Record<string, string | undefined>;
}

const SEMVER = /^(\d+)\.(\d+)\.\d+/;

/**
 * Semver compatibility: the same major, and under 1.0.0 the same minor too (where semver allows breaking changes).
 * A remote and the shell built on compatible versions work together; a version that cannot be read is not compatible.
 */
export function compatibleVersions(a: string, b: string): boolean {
  const [, majorA, minorA] = SEMVER.exec(a) ?? [];
  const [, majorB, minorB] = SEMVER.exec(b) ?? [];
  if (majorA === undefined || majorB === undefined) return false;
  return majorA === majorB && (majorA !== '0' || minorA === minorB);
}

/**
 * Whether the page's copy of a library (`offered`) gives a remote built with `needed` everything that build may use:
 * a compatible version, and no older minor (a minor adds exports; a patch does not).
 */
export function covers(offered: string, needed: string): boolean {
  if (!compatibleVersions(offered, needed)) return false;
  const [, , minorOffered] = SEMVER.exec(offered) ?? [];
  const [, , minorNeeded] = SEMVER.exec(needed) ?? [];
  return Number(minorOffered) >= Number(minorNeeded);
}

function isContract(value: unknown): value is RemoteContract {
  const contract = value as RemoteContract | undefined;
  return (
    typeof contract?.version === 'string' &&
    Array.isArray(contract.exposes) &&
    typeof contract.singletons === 'object' &&
    contract.singletons !== null
  );
}

/**
 * Why the shell cannot mount a remote that published `published`, in one line naming both sides' versions, or
 * undefined when it can.
 */
export function contractMismatch(remote: RemoteName, published: unknown, host: HostContract): string | undefined {
  if (!isContract(published))
    return `${remote} publishes no contract version; this shell implements contract ${host.version}`;
  if (!compatibleVersions(published.version, host.version))
    return `${remote} implements contract ${published.version}, this shell contract ${host.version}`;
  const missing = CONTRACT_EXPOSES[remote].filter((module) => !published.exposes.includes(module));
  if (missing.length > 0)
    return `${remote} (contract ${published.version}) does not expose ${missing.join(', ')}, which this shell (contract ${host.version}) mounts`;
  for (const singleton of CHECKED_SINGLETONS) {
    const needed = published.singletons[singleton];
    // A library the remote was not built with is one it does not use.
    if (needed === undefined) continue;
    const offered = host.singletons[singleton];
    if (offered === undefined || !covers(offered, needed))
      return `${remote} was built with ${singleton} ${needed}, this shell provides ${offered ?? 'none'}`;
  }
  return undefined;
}
