const fs = require('node:fs');
const path = require('node:path');
const { PurgeCSSPlugin } = require('purgecss-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createAppConfig } = require('@varco/webpack-config');

/**
 * The web app manifest and its icons (public/; the icons are drawn by scripts/make-icons.mjs) are files of the build,
 * added before the service worker lists what it precaches, so that an installed portal has them offline too.
 */
const PUBLIC_FILES = ['manifest.webmanifest', ...fs.readdirSync(path.join(__dirname, 'public/icons')).map((name) => `icons/${name}`)];

class EmitPublicFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EmitPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const name of PUBLIC_FILES) {
          const file = path.join(__dirname, 'public', name);
          compilation.fileDependencies.add(file);
          compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
        }
      });
    });
  }
}

/**
 * The service worker (src/offline/service-worker.ts), production builds only: it precaches every file of this build
 * (content-hashed names are their own revision) and is served no-cache at /sw.js (deploy/README.md).
 */
const serviceWorker = () =>
  new InjectManifest({
    swSrc: path.join(__dirname, 'src/offline/service-worker.ts'),
    swDest: 'sw.js',
    exclude: [/\.map$/, /\.LICENSE\.txt$/],
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
  });

/**
 * The design system's stylesheet, loaded once by the shell for the whole portal, holds every component of
 * bootstrap-italia: the first paint waited for all of it (~90 KB gzipped, most of it unused). Production builds keep
 * only the rules whose classes, elements and attributes appear in the sources of the shell, the four remotes and the
 * shared packages (every class is written whole in the code, never built from pieces: CONVENTIONS.md). A remote that
 * starts using a design-system class no app used before needs a release of the shell too (docs/architecture.md).
 */
const repoRoot = path.join(__dirname, '..');
const STYLED_SOURCES = ['shell/src', 'mf-auth/src', 'mf-invoices/src', 'mf-visa/src', 'mf-notifications/src', 'shared/ui/src', 'shared/i18n/src']
  .flatMap((folder) => fs.globSync('**/*.{ts,tsx,html}', { cwd: path.join(repoRoot, folder) }).map((file) => path.join(repoRoot, folder, file)))
  .filter((file) => !/\.test\.tsx?$/.test(file));
const unusedCss = () =>
  new PurgeCSSPlugin({
    paths: STYLED_SOURCES,
    // States that bootstrap-italia's rules describe and React sets only while a traveler acts (open menus, focus).
    safelist: { standard: ['show', 'expanded', 'active', 'is-invalid', 'focus--mouse'], greedy: [/^fade/, /^collapsing/] },
  });

const shellConfig = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  config.plugins.push(new EmitPublicFiles());
  if (config.mode === 'production') config.plugins.push(unusedCss(), serviceWorker());
  return config;
};
