// The Node.js releases the api runs on are the `engines.node` range of its package.json. On an older one the
// native and web APIs it relies on may be missing or behave differently, so the server refuses to start with a
// message naming both versions instead of failing later with an obscure error.
import semver from 'semver';
import packageJson from '../package.json';

export const SUPPORTED_NODE = packageJson.engines.node;

/** Why this Node.js cannot run the api, or undefined when it can. */
export function unsupportedRuntime(version: string = process.versions.node): string | undefined {
  if (semver.satisfies(version, SUPPORTED_NODE)) return undefined;
  return `The Varco api needs Node.js ${SUPPORTED_NODE}; this is Node.js v${version}.`;
}
