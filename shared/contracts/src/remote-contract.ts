import { CONTRACT_EXPOSES } from './remotes';
import type { RemoteName } from './runtime-config';

/**
 * The shared singletons whose mismatch breaks the page (two Reacts, two routers, a second session store, http client
 * or i18n instance): a remote built against another major of one of them is refused before it is mounted.
 */
export const CHECKED_SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@varco/session', '@varco/http', '@varco/i18n'] as const;

/**
 * What a remote publishes in its manifest (`metaData.contract`, written by the shared webpack configuration): the
 * version of `@varco/contracts` it was built against, the modules it exposes and the versions of the shared
 * singletons it was built with.
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

function isContract(value: unknown): value is RemoteContract {
  const contract = value as RemoteContract | undefined;
  return typeof contract?.version === 'string' && Array.isArray(contract.exposes) && typeof contract.singletons === 'object' && contract.singletons !== null;
}

/**
 * Why the shell cannot mount a remote that published `published`, in one line naming both sides' versions, or
 * undefined when it can.
 */
export function contractMismatch(remote: RemoteName, published: unknown, host: HostContract): string | undefined {
  if (!isContract(published)) return `${remote} publishes no contract version; this shell implements contract ${host.version}`;
  if (!compatibleVersions(published.version, host.version)) return `${remote} implements contract ${published.version}, this shell contract ${host.version}`;
  const missing = CONTRACT_EXPOSES[remote].filter((module) => !published.exposes.includes(module));
  if (missing.length > 0) return `${remote} (contract ${published.version}) does not expose ${missing.join(', ')}, which this shell (contract ${host.version}) mounts`;
  for (const singleton of CHECKED_SINGLETONS) {
    const needed = published.singletons[singleton];
    const offered = host.singletons[singleton];
    if (needed === undefined || offered === undefined || !compatibleVersions(needed, offered)) {
      return `${remote} was built with ${singleton} ${needed ?? '(none)'}, this shell has ${offered ?? '(none)'}`;
    }
  }
  return undefined;
}
