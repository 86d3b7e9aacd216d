// What the service worker does with each request it may keep (the CDN's cache rules, deploy/local-cdn/cache-policy.mjs,
// seen from the browser): pure functions of the address, so that they are tested without a worker.

/** A content-hashed file (`name.0123456789.js`, `assets/font.0123456789.woff2`): it never changes. */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

/** The api's path on the portal's origin: never cached by the worker, and not a page of the app. */
export const API_PATH = /^\/api(\/|$)/;

/** Files that name the current release of a remote: its manifest and its container. */
const RELEASE_FILES = /\/(mf-manifest\.json|remoteEntry\.js)$/;

/**
 * A remote's container in a release folder (`mf-visa/0.2.0/remoteEntry.js`): a published folder is never written
 * again (deploy/scripts/release-remote.mjs), and a new release is a new folder that its manifest, always fetched,
 * points to.
 */
const RELEASED_ENTRY = /\/\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\/remoteEntry\.js$/;

/** The runtime configuration: which release of each remote, and where the api is. */
export function isRuntimeConfig(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === '/config.json';
}

/** A remote's manifest, or an entry outside a release folder: the release it announces may change at any time. */
export function isRemoteReleaseFile(url: URL): boolean {
  return RELEASE_FILES.test(url.pathname) && !isReleasedRemoteEntry(url);
}

/** A remote's entry in its release folder: it never changes, as a content-hashed file. */
export function isReleasedRemoteEntry(url: URL): boolean {
  return url.search === '' && RELEASED_ENTRY.test(url.pathname);
}

/** A content-hashed chunk, stylesheet or asset of the shell or of a remote, on any CDN origin; never an api call. */
export function isImmutableFile(url: URL, origin: string): boolean {
  if (url.origin === origin && API_PATH.test(url.pathname)) return false;
  return url.search === '' && HASHED.test(url.pathname);
}
