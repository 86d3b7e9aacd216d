// The cache rules of the CDN (also written in nginx/varco.conf): content-hashed files are immutable; the files
// that name them (index.html, main.js, remoteEntry.js, mf-manifest.json, config.json) are revalidated every time.
const HASHED = /\.[0-9a-f]{10}(\.[a-z0-9]+)$|\/assets\/.+\.[0-9a-f]{10}\.[a-z0-9]+$/;

export function cacheControlFor(pathname) {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
