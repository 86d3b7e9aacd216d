// The pages rendered at build time (docs/architecture.md, "The first screen as HTML"): src/prerender/render-page.tsx,
// compiled for Node by a compilation of its own that runs first, renders each page in each language into the page's
// template; the CDN chooses among them (deploy/README.md). `index.html` is the English frame, for a server that cannot
// choose.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const SHELL = path.join(__dirname, '..');
const PRERENDER_FOLDER = path.join(SHELL, '.prerender');
// The short forms of @varco/contracts' LANGUAGE_TABLE (a test keeps them alike), with each one's direction.
const LANGUAGES = ['it', 'en', 'zh-Hans', 'es', 'fr', 'de', 'ar', 'ja', 'ko', 'ru', 'pt-BR', 'tr'];
const RIGHT_TO_LEFT = new Set(['ar']);
const PAGES = [
  { file: 'index', page: 'index', signedIn: false },
  { file: 'howto', page: 'howto', signedIn: false },
  { file: 'frame', page: 'frame', signedIn: false },
  { file: 'frame-signed-in', page: 'frame', signedIn: true },
];

/** The portal's common texts of a language. */
const commonTextsIn = (language) =>
  require(path.join(SHELL, '..', 'shared', 'i18n', 'src', 'locales', `${language}.json`));
/** The portal's texts of a language: its title and its description. */
const appTextsIn = (language) => commonTextsIn(language).app;

/** Which text names each page rendered at build time in the tab (as its h1 does in the browser: src/app/page-title.ts). */
const PAGE_NAMES = { index: (texts) => texts.welcome.pageTitle, howto: (texts) => texts.howto.title };

/** The tab's title of a page rendered at build time: "page – Varco", or the portal's name for the frame of any page. */
function pageTitleIn(language, page) {
  const texts = commonTextsIn(language);
  const name = PAGE_NAMES[page];
  return name ? texts.app.pageTitle.replace('{{page}}', name(texts)) : texts.app.title;
}

/** A text for an attribute of the page's head. */
const attribute = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The address of the web app manifest of the pages in `language` (webpack/public-files.cjs writes it). */
const manifestOf = (language) => `/manifest.${language}.webmanifest`;

/** The Node compilation of the page renderer: the shell's own sources and shared packages, nothing of the remotes. */
function prerenderConfig(client) {
  const compile = client.module.rules.find((rule) => rule.use?.loader === 'swc-loader');
  return {
    name: 'prerender',
    context: SHELL,
    mode: client.mode,
    target: 'node',
    entry: { 'render-page': './src/prerender/render-page.tsx' },
    output: {
      path: PRERENDER_FOLDER,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: '/',
      assetModuleFilename: client.output.assetModuleFilename,
      clean: true,
    },
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
  if (!production)
    return [
      new HtmlWebpackPlugin({
        ...template,
        templateParameters: {
          lang: 'en',
          dir: 'ltr',
          description: attribute(appTextsIn('en').description),
          manifest: '/manifest.webmanifest',
          rootAttributes: '',
          appHtml: '',
        },
      }),
    ];
  const page = (filename, served) =>
    new HtmlWebpackPlugin({
      ...template,
      filename,
      // As React wrote it: a minifier drops the comments (`<!-- -->`) by which hydration tells two texts apart.
      minify: false,
      templateParameters: async (_compilation, assets, assetTags, options) => {
        const { renderPage } = require(path.join(PRERENDER_FOLDER, 'render-page.cjs'));
        const { html, attributes } = await renderPage(served);
        return {
          htmlWebpackPlugin: { tags: assetTags, files: assets, options },
          lang: served.language,
          dir: RIGHT_TO_LEFT.has(served.language) ? 'rtl' : 'ltr',
          title: pageTitleIn(served.language, served.page),
          description: attribute(appTextsIn(served.language).description),
          manifest: manifestOf(served.language),
          rootAttributes: attributes,
          appHtml: html,
        };
      },
    });
  return [
    page('index.html', { page: 'frame', signedIn: false, language: 'en' }),
    ...LANGUAGES.flatMap((language) =>
      PAGES.map(({ file, page: kind, signedIn }) =>
        page(`pages/${language}/${file}.html`, { page: kind, signedIn, language }),
      ),
    ),
  ];
}

module.exports = { prerenderConfig, pagePlugins, manifestOf, LANGUAGES, RIGHT_TO_LEFT };
