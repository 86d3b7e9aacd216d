const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { LANGUAGE_FONT_FILES } = require('./language-fonts.cjs');

/** The stylesheets of right-to-left pages. */
const MIRRORED_STYLESHEETS = /^(main|design-system)\.rtl\./;

/**
 * The service worker (src/offline/service-worker.ts), production builds only: it precaches every file of this build
 * (content-hashed names are their own revision) and is served no-cache at /sw.js (deploy/README.md), except what only
 * some languages load (their faces, the mirrored stylesheets): those are kept once a page of theirs used them
 * (src/offline/cache-rules.ts), and a page in English downloads not a byte of them.
 */
const serviceWorker = () =>
  new InjectManifest({
    swSrc: path.join(__dirname, '..', 'src/offline/service-worker.ts'),
    swDest: 'sw.js',
    exclude: [/\.map$/, /\.LICENSE\.txt$/, LANGUAGE_FONT_FILES, MIRRORED_STYLESHEETS],
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
  });

module.exports = { serviceWorker };
