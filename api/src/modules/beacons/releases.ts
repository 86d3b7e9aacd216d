import { BEACON_VERSION_PATTERN, type BeaconApp } from '@varco/contracts';
import { parseRuntimeConfig, REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '@varco/federation-contract';

/** The version label of what no runtime configuration names (a real version never reads so: BEACON_VERSION_PATTERN). */
export const OTHER_VERSION = 'other';

/**
 * How long a version the configuration no longer names is still counted by name: a browser that kept it for offline use
 * runs it until it is online again, and the portal's service worker keeps a release's files this long (its
 * ExpirationPlugin, shell/src/offline/service-worker.ts).
 */
export const RETAINED_MS = 90 * 24 * 60 * 60 * 1000;
/** Versions per app counted by name, those the configuration names now and the latest ones it named before. */
export const VERSIONS_PER_APP = 8;
/** A configuration or manifest that does not answer in this time is unread this time. */
const READ_TIMEOUT_MS = 10_000;
/** A configuration unreadable this long is logged as a warning (a CDN still starting, or a moment's outage, is not). */
export const UNREADABLE_WARNING_MS = 60_000;

export interface ReleaseLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ReleasesOptions {
  /** The runtime configurations the portal serves (`/config.json`): RUNTIME_CONFIG_URLS. */
  urls: readonly string[];
  log: ReleaseLog;
  /** Called after each reading for each version counted by name, and whether it is a canary's candidate now. */
  onNamed: (app: BeaconApp, version: string, candidate: boolean) => void;
  /** Called when a version stops being counted by name (retained too long, or pushed out): its series go. */
  onDropped: (app: BeaconApp, version: string) => void;
  now?: () => number;
}

/** What one configuration names: each remote's versions (its line, its canary) and the canary's own. */
interface Reading {
  versions: Map<RemoteName, Set<string>>;
  canary: { remote: RemoteName; version: string } | undefined;
}

/** One configuration's address and what was last read there (kept while it cannot be read). */
interface Source {
  url: string;
  etag?: string;
  lastModified?: string;
  reading?: Reading;
  /** Since when it could not be read, and whether that was logged. */
  unreadable?: { since: number; warned: boolean };
}

/** The version a manifest address names by the CDN's layout (`<cdn>/<remote>/<version>/mf-manifest.json`), if any. */
function versionOfManifestUrl(manifest: URL): string | undefined {
  const parts = manifest.pathname.split('/');
  const version = parts.at(-2) ?? '';
  return parts.at(-1) === 'mf-manifest.json' && BEACON_VERSION_PATTERN.test(version) ? version : undefined;
}

async function fetchWithin(url: URL | string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers, signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
}

/** The version a manifest's build recorded (`metaData.buildInfo.buildVersion`), as the browser reports it. */
async function builtVersion(manifest: URL): Promise<string | undefined> {
  const answer = await fetchWithin(manifest);
  if (!answer.ok) throw new Error(`${manifest.href} answered ${answer.status}`);
  const body = (await answer.json()) as { metaData?: { buildInfo?: { buildVersion?: unknown } } } | null;
  const version = body?.metaData?.buildInfo?.buildVersion;
  return typeof version === 'string' && BEACON_VERSION_PATTERN.test(version) ? version : undefined;
}

/** The version a manifest line names: its folder's, else the one its build recorded. */
async function versionOfManifest(manifest: string, base: string): Promise<string | undefined> {
  const url = new URL(manifest, base);
  return versionOfManifestUrl(url) ?? (await builtVersion(url));
}

async function readingOf(config: RuntimeConfig, base: string): Promise<Reading> {
  const versions = new Map<RemoteName, Set<string>>(REMOTE_NAMES.map((remote) => [remote, new Set<string>()]));
  const add = async (remote: RemoteName, manifest: string) => {
    const version = await versionOfManifest(manifest, base);
    if (version) versions.get(remote)?.add(version);
    return version;
  };
  await Promise.all(REMOTE_NAMES.map((remote) => add(remote, config.remotes[remote])));
  const candidate = config.canary ? await add(config.canary.remote, config.canary.manifest) : undefined;
  return {
    versions,
    canary: config.canary && candidate ? { remote: config.canary.remote, version: candidate } : undefined,
  };
}

/**
 * The releases the browsers' reports may name (api/src/plugins/metrics/README.md, "The browsers' reports"), learned
 * from the runtime configuration the CDN serves, as the shell reads it: each remote's line and the canary, and the
 * versions named before that browsers may still run (RETAINED_MS, VERSIONS_PER_APP). Anything else is counted as
 * OTHER_VERSION, so that no poster chooses a label. `refresh()` reads every configuration again (with its validators:
 * an unchanged one is a 304), and never throws: a configuration that cannot be read keeps what it named last, and is
 * logged once when it has been unreadable UNREADABLE_WARNING_MS.
 */
export function createReleases(options: ReleasesOptions) {
  const now = options.now ?? Date.now;
  const sources: Source[] = options.urls.map((url) => ({ url }));
  /** app → version → when a configuration last named it, and in which reading (of two at one instant, the later). */
  const named = new Map<BeaconApp, Map<string, { at: number; reading: number }>>();
  let readings = 0;
  let candidates = new Set<string>();
  const key = (app: string, version: string) => `${app} ${version}`;

  async function read(source: Source): Promise<void> {
    const headers: Record<string, string> = {};
    if (source.etag) headers['if-none-match'] = source.etag;
    if (source.lastModified) headers['if-modified-since'] = source.lastModified;
    const answer = await fetchWithin(source.url, headers);
    if (answer.status === 304 && source.reading) return;
    if (!answer.ok) throw new Error(`it answered ${answer.status}`);
    const parsed = parseRuntimeConfig(await answer.json());
    if (!parsed.success) throw new Error(`it is not a runtime configuration: ${parsed.issues.join('; ')}`);
    source.reading = await readingOf(parsed.data, source.url);
    source.etag = answer.headers.get('etag') ?? undefined;
    source.lastModified = answer.headers.get('last-modified') ?? undefined;
  }

  /** Notes the versions `current` names as named now; drops those named last over RETAINED_MS ago or beyond the cap. */
  function settle(current: Map<BeaconApp, Set<string>>): void {
    const at = now();
    readings += 1;
    for (const [app, versions] of current) {
      let seen = named.get(app);
      if (!seen) named.set(app, (seen = new Map()));
      for (const version of versions) seen.set(version, { at, reading: readings });
    }
    for (const [app, seen] of named) {
      const newestFirst = [...seen].sort(([, a], [, b]) => b.at - a.at || b.reading - a.reading);
      for (const [index, [version, last]] of newestFirst.entries()) {
        const isCurrent = current.get(app)?.has(version) ?? false;
        if (isCurrent || (index < VERSIONS_PER_APP && at - last.at < RETAINED_MS)) continue;
        seen.delete(version);
        options.onDropped(app, version);
      }
    }
  }

  return {
    /** The label of `version` of `app`: the version itself when a configuration names it (or named it lately). */
    label(app: BeaconApp, version: string): string {
      return named.get(app)?.has(version) ? version : OTHER_VERSION;
    },

    /** Whether `version` of `app` is the candidate of a configuration's canary: the reports' canary label. */
    isCandidate(app: BeaconApp, version: string): boolean {
      return candidates.has(key(app, version));
    },

    /** Each app's versions counted by name. */
    versions(): Array<{ app: BeaconApp; version: string }> {
      return [...named].flatMap(([app, seen]) => [...seen.keys()].map((version) => ({ app, version })));
    },

    /** Reads every configuration again; what one that cannot be read named last still counts. */
    async refresh(): Promise<void> {
      await Promise.all(
        sources.map(async (source) => {
          try {
            await read(source);
            if (source.unreadable?.warned) options.log.info({ url: source.url }, 'runtime configuration read again');
            source.unreadable = undefined;
          } catch (error) {
            const unreadable = (source.unreadable ??= { since: now(), warned: false });
            if (unreadable.warned || now() - unreadable.since < UNREADABLE_WARNING_MS) return;
            unreadable.warned = true;
            const reason =
              error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : error;
            options.log.warn(
              { url: source.url, reason, since: new Date(unreadable.since).toISOString() },
              'runtime configuration unreadable: the reports of a release it would name count as "other"',
            );
          }
        }),
      );
      const current = new Map<BeaconApp, Set<string>>();
      const nextCandidates = new Set<string>();
      for (const { reading } of sources) {
        if (!reading) continue;
        for (const [remote, versions] of reading.versions) {
          const set = current.get(remote) ?? new Set<string>();
          for (const version of versions) set.add(version);
          current.set(remote, set);
        }
        if (reading.canary) nextCandidates.add(key(reading.canary.remote, reading.canary.version));
      }
      candidates = nextCandidates;
      settle(current);
      for (const [app, seen] of named)
        for (const version of seen.keys()) options.onNamed(app, version, candidates.has(key(app, version)));
    },
  };
}

export type Releases = ReturnType<typeof createReleases>;
