const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');

/**
 * The service worker (src/offline/service-worker.ts), production builds only: it precaches every file of this build
 * (content-hashed names are their own revision) and is served no-cache at /sw.js (deploy/README.md).
 */
const serviceWorker = () =>
  new InjectManifest({
    swSrc: path.join(__dirname, '..', 'src/offline/service-worker.ts'),
    swDest: 'sw.js',
    exclude: [/\.map$/, /\.LICENSE\.txt$/],
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
  });

module.exports = { serviceWorker };
