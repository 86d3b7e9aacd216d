const { createHash } = require('node:crypto');
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
 * The design system (bootstrap-italia) reaches the page twice, so that its first paint waits for little and no remote
 * ever needs a release of the shell to have a component styled:
 * - in the stylesheet of the shell's entry, only the rules whose classes, elements and attributes appear in the
 *   shell's own sources and the shared packages it renders (every class written whole in the code: CONVENTIONS.md):
 *   the page frame and the shell's pages, render-blocking;
 * - whole, as a file of its own (`design-system.<hash>.css`), which the shell adds without blocking the first paint
 *   and which every remote waits for before it mounts (src/design-system.ts).
 * No other app's sources are read: the shell builds the same with the remotes' folders absent.
 */
const STYLED_FOLDERS = [path.join(__dirname, 'src'), ...['ui', 'i18n'].map((name) => path.join(__dirname, '..', 'shared', name, 'src'))];
const STYLED_SOURCES = STYLED_FOLDERS.flatMap((folder) => fs.globSync('**/*.{ts,tsx,html}', { cwd: folder }).map((file) => path.join(folder, file)))
  .filter((file) => !/\.test\.tsx?$/.test(file));
const unusedCss = () =>
  new PurgeCSSPlugin({
    paths: STYLED_SOURCES,
    // States that bootstrap-italia's rules describe and React sets only while a traveler acts (open menus, focus).
    safelist: { standard: ['show', 'expanded', 'active', 'is-invalid', 'focus--mouse'], greedy: [/^fade/, /^collapsing/] },
  });

const DESIGN_SYSTEM_FILE = require.resolve('bootstrap-italia/dist/css/bootstrap-italia.min.css');
/** The whole design system's file name: content-hashed, as every other file of the build, so the CDN caches it forever. */
const designSystemName = () => `design-system.${createHash('sha256').update(fs.readFileSync(DESIGN_SYSTEM_FILE)).digest('hex').slice(0, 10)}.css`;

/** Emits the whole design system and tells the shell its address (`process.env.DESIGN_SYSTEM_CSS`). */
class WholeDesignSystem {
  constructor(name) {
    this.name = name;
  }

  apply(compiler) {
    const { Compilation, DefinePlugin, sources } = compiler.webpack;
    new DefinePlugin({ 'process.env.DESIGN_SYSTEM_CSS': JSON.stringify(`/${this.name}`) }).apply(compiler);
    compiler.hooks.thisCompilation.tap('WholeDesignSystem', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WholeDesignSystem', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.fileDependencies.add(DESIGN_SYSTEM_FILE);
        compilation.emitAsset(this.name, new sources.RawSource(fs.readFileSync(DESIGN_SYSTEM_FILE)), { immutable: true });
      });
    });
  }
}

const shellConfig = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  config.plugins.push(new EmitPublicFiles(), new WholeDesignSystem(designSystemName()));
  if (config.mode === 'production') config.plugins.push(unusedCss(), serviceWorker());
  return config;
};
