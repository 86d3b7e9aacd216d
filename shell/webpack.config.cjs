const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
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

/**
 * The pages rendered at build time (docs/architecture.md, "The first screen as HTML"): src/prerender/render-page.tsx,
 * compiled for Node by a compilation of its own that runs first, renders each page in each language into the page's
 * template; the CDN chooses among them (deploy/README.md). `index.html` is the English frame, for a server that cannot
 * choose.
 */
const PRERENDER_FOLDER = path.join(__dirname, '.prerender');
const LANGUAGES = ['en', 'it'];
const PAGES = [
  { file: 'index', page: 'index', signedIn: false },
  { file: 'howto', page: 'howto', signedIn: false },
  { file: 'frame', page: 'frame', signedIn: false },
  { file: 'frame-signed-in', page: 'frame', signedIn: true },
];

/** The Node compilation of the page renderer: the shell's own sources and shared packages, nothing of the remotes. */
function prerenderConfig(client) {
  const compile = client.module.rules.find((rule) => rule.use?.loader === 'swc-loader');
  return {
    name: 'prerender',
    context: __dirname,
    mode: client.mode,
    target: 'node',
    entry: { 'render-page': './src/prerender/render-page.tsx' },
    output: { path: PRERENDER_FOLDER, filename: '[name].cjs', library: { type: 'commonjs2' }, publicPath: '/', assetModuleFilename: client.output.assetModuleFilename, clean: true },
    resolve: client.resolve,
    module: {
      rules: [
        compile,
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        { test: /\.css$/, type: 'asset/source' },
        // The same names as the browser's build (content-hashed), which emits the files.
        { test: /\.(png|svg|jpe?g|gif|webp|woff2?|ttf|eot)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    // One file: the texts' and lazy pages' chunks are inlined.
    plugins: [new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 })],
    optimization: { minimize: false },
    devtool: false,
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/** The HTML pages of the build: each page in each language, rendered by the Node compilation, or one empty page in development. */
function pagePlugins(template, production) {
  if (!production) return [new HtmlWebpackPlugin({ ...template, templateParameters: { lang: 'en', rootAttributes: '', appHtml: '' } })];
  const page = (filename, served) =>
    new HtmlWebpackPlugin({
      ...template,
      filename,
      // As React wrote it: a minifier drops the comments (`<!-- -->`) by which hydration tells two texts apart.
      minify: false,
      templateParameters: async (_compilation, assets, assetTags, options) => {
        const { renderPage } = require(path.join(PRERENDER_FOLDER, 'render-page.cjs'));
        const { html, attributes } = await renderPage(served);
        return { htmlWebpackPlugin: { tags: assetTags, files: assets, options }, lang: served.language, rootAttributes: attributes, appHtml: html };
      },
    });
  return [
    page('index.html', { page: 'frame', signedIn: false, language: 'en' }),
    ...LANGUAGES.flatMap((language) => PAGES.map(({ file, page: kind, signedIn }) => page(`pages/${language}/${file}.html`, { page: kind, signedIn, language }))),
  ];
}

/**
 * The typefaces of every first screen (Titillium Web 300 lead, 400 text, 600 navigation, 700 headings: src/fonts.css),
 * preloaded by the page: without the hint a face is asked for only once the text that uses it is laid out, and the
 * lead text of / (300) painted up to 400 ms later under the slow-mobile profile (deploy/bench/README.md).
 */
const FIRST_SCREEN_FONTS = /^assets\/titillium-web-latin-(300|400|600|700)-normal\.[0-9a-f]{10}\.woff2$/;

class PreloadFirstScreenFonts {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFirstScreenFonts', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFirstScreenFonts', (data) => {
        const fonts = Object.keys(compilation.assets).filter((name) => FIRST_SCREEN_FONTS.test(name)).sort();
        const links = fonts.map((name) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `/${name}`, as: 'font', type: 'font/woff2', crossorigin: '' }));
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}

/**
 * The entry's stylesheet written into the pages of the shell's own (/ and /howto, whose first screen is all HTML): they
 * paint styled with no request more than the page (cold LCP of / 956 -> 668 ms, deploy/bench/README.md). The frames
 * keep the file: their first screen waits for the scripts anyway, and a repeat visit's home was slower with it inline.
 */
const INLINE_STYLES_IN = /^pages\/[a-z]+\/(index|howto)\.html$/;

class InlineEntryStylesheet {
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineEntryStylesheet', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('InlineEntryStylesheet', (data) => {
        if (!INLINE_STYLES_IN.test(data.outputName)) return data;
        const headTags = data.headTags.map((tag) => {
          const file = tag.tagName === 'link' && tag.attributes.rel === 'stylesheet' && /^\/?(main\.[0-9a-f]{10}\.css)$/.exec(tag.attributes.href)?.[1];
          return file ? HtmlWebpackPlugin.createHtmlTagObject('style', {}, compilation.assets[file].source().toString()) : tag;
        });
        return { ...data, headTags };
      });
    });
  }
}

const shellConfig = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  const production = config.mode === 'production';
  // The shared configuration's one page gives way to the shell's pages, with the same options.
  const stock = config.plugins.findIndex((plugin) => plugin instanceof HtmlWebpackPlugin);
  const { template, favicon, publicPath, scriptLoading } = config.plugins[stock].userOptions;
  config.plugins.splice(stock, 1, ...pagePlugins({ template, favicon, publicPath, scriptLoading }, production));
  config.plugins.push(new EmitPublicFiles(), new WholeDesignSystem(designSystemName()), new PreloadFirstScreenFonts());
  if (!production) return config;
  config.plugins.push(unusedCss(), new InlineEntryStylesheet(), serviceWorker());
  return [prerenderConfig(config), { ...config, name: 'shell', dependencies: ['prerender'] }];
};
