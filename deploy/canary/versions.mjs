// Which remote and versions the canary report compares, when the runtime configuration names them: its `canary` entry
// gives the remote and the candidate's manifest, the remote's own line the stable one's.

/** The version a manifest URL names by the CDN's layout (`<cdn>/<remote>/<version>/mf-manifest.json`), if any. */
export function versionOfManifestUrl(manifest) {
  const parts = new URL(manifest, 'http://relative.invalid').pathname.split('/');
  const version = parts.at(-2) ?? '';
  return parts.at(-1) === 'mf-manifest.json' && /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version) ? version : undefined;
}

/**
 * The canary of a runtime configuration (already checked with parseRuntimeConfig): its remote, and the candidate's and
 * stable version's. A manifest whose URL names no version is read for the version its build recorded
 * (`metaData.buildInfo.buildVersion`), relative to `base` (where the configuration came from) when it is a path.
 */
export async function canaryOfConfig(config, { base, fetchImpl = fetch } = {}) {
  if (!config.canary) throw new Error('the runtime configuration has no canary entry: no canary is running');
  const { remote, manifest } = config.canary;
  const versionOf = async (url) => {
    const named = versionOfManifestUrl(url);
    if (named) return named;
    let absolute;
    try {
      absolute = new URL(url, base);
    } catch {
      throw new Error(`${url} names no version, and cannot be read from here: give --canary and --stable`);
    }
    const answer = await fetchImpl(absolute, { signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) throw new Error(`${absolute} answered ${answer.status}`);
    const version = (await answer.json())?.metaData?.buildInfo?.buildVersion;
    if (typeof version !== 'string') throw new Error(`${absolute} records no build version`);
    return version;
  };
  const [candidate, stable] = await Promise.all([versionOf(manifest), versionOf(config.remotes[remote])]);
  return { remote, candidate, stable };
}
