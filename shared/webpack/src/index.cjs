// One webpack configuration for the shell and the four remotes, so that every app compiles, shares and
// splits the same way. Only what differs (name, exposes, dev port) is passed in.
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { federationShared, remoteContract, firstScreenCalls, WORKSPACE_CHUNKS } = require('./shared.cjs');
const { PreloadFirstScreen } = require('./preload-first-screen.cjs');
const { compileHints } = require('./compile-hints.cjs');
const { FederationShareRuntimeOnly } = require('./federation-share-runtime.cjs');

const repoRoot = path.resolve(__dirname, '../../..');

/** webpack's own minimizer plugin (the one it runs terser with by default). */
const minimizerPlugin = () =>
  require(
    require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(require.resolve('webpack/package.json'))] }),
  );

/** It runs swc's minifier on the scripts. */
function swcMinimizer() {
  const MinimizerPlugin = minimizerPlugin();
  return new MinimizerPlugin({
    minify: MinimizerPlugin.swcMinify,
    terserOptions: { ecma: 2020, compress: { ecma: 2020, passes: 2 }, mangle: true },
  });
}

/**
 * The browsers the builds are for, as lightningcss counts versions (major << 16 | minor << 8): those of the ES2020
 * the scripts are compiled to.
 */
const CSS_TARGETS = Object.fromEntries(
  Object.entries({ chrome: [80], edge: [80], firefox: [74], safari: [13, 1], ios_saf: [13, 4], samsung: [13] }).map(
    ([browser, [major, minor = 0]]) => [browser, (major << 16) | (minor << 8)],
  ),
);

/** It runs lightningcss on the stylesheets: comments and spaces out, nothing those browsers lack in. */
function cssMinimizer() {
  const MinimizerPlugin = minimizerPlugin();
  return new MinimizerPlugin({
    test: /\.css$/,
    minify: MinimizerPlugin.lightningCssMinify,
    minimizerOptions: { targets: CSS_TARGETS },
  });
}

/**
 * @param {object} options
 * @param {string} options.dirname the app's folder
 * @param {string} options.name the federation name (mfAuth, ...) or 'shell'
 * @param {Record<string,string>} [options.exposes] what a remote exposes
 * @param {number} options.devPort the port of `webpack serve`
 * @param {boolean} [options.host] true for the shell
 */
function createAppConfig({ dirname, name, exposes, devPort, host = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const packageJson = JSON.parse(fs.readFileSync(path.join(dirname, 'package.json'), 'utf8'));
    const translationsFolder = path.join(dirname, 'src', 'i18n') + path.sep;
    const BUNDLED_TEXTS = /[\\/](en|it)\.json$|\.tsx?$/;
    /** @type {import('webpack').Configuration} */
    const config = {
      context: dirname,
      // A remote in production is only its container (remoteEntry.js); its page exists in development alone.
      entry: host || !production ? './src/index.ts' : {},
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: ['web', 'es2020'],
      output: {
        path: path.join(dirname, 'dist'),
        // Remotes are served from a versioned folder whose address only the runtime configuration knows.
        publicPath: host ? '/' : 'auto',
        // Entry files keep a stable name and are served no-cache (webpack 5.111 cannot hash the file that holds the
        // federation runtime); every other chunk is content-hashed and cached forever.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          // Some ESM packages (design systems, federation runtime) import without file extensions.
          { test: /\.m?js$/, resolve: { fullySpecified: false } },
          { test: /\.m?js$/, include: /node_modules[\\/]\.federation/, type: 'javascript/auto' },
          {
            test: /\.module\.css$/,
            use: [
              MiniCssExtractPlugin.loader,
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: production ? `${name}-[hash:base64:6]` : `${name}__[local]`,
                  },
                },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [MiniCssExtractPlugin.loader, 'css-loader'],
          },
          { test: /\.(png|svg|jpe?g|gif|webp|woff2?|ttf|eot)$/, type: 'asset/resource' },
          // Nothing under src/features runs on import, so a feature's face (index.ts) brings a widget only what it
          // uses, not every page of the feature.
          { include: path.join(dirname, 'src', 'features'), sideEffects: false },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          shared: federationShared(packageJson, dirname),
          shareStrategy: 'loaded-first',
          // A remote's manifest carries the contract it implements, which the shell checks before mounting it, and
          // the api calls its widgets and pages make at once, which the shell starts while their code downloads.
          manifest: host
            ? false
            : {
                fileName: 'mf-manifest.json',
                additionalData: ({ stats }) => ({
                  ...stats,
                  metaData: {
                    ...stats.metaData,
                    contract: remoteContract(exposes ?? {}, dirname),
                    firstScreenCalls: firstScreenCalls(exposes ?? {}, dirname),
                  },
                }),
              },
          dts: false,
          // The federation runtime is downloaded once, with the shell; remotes use it (in development a remote
          // runs alone in its mock host and keeps its own). A remote never loads another remote: in production its
          // bundler code for remotes is left out (not the shell's: the runtime's loadRemote needs it).
          experiments: {
            optimization: { target: 'web', disableRemote: !host && production },
            ...(host ? {} : { externalRuntime: production }),
          },
          runtimePlugins: host ? [path.join(dirname, 'src/federation/provide-runtime-core.ts')] : [],
        }),
        new FederationShareRuntimeOnly(),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
      ],
      optimization: {
        // swc's minifier (the @swc/core that already compiles the sources): smaller files than terser's, with 2 passes or
        // 3, on every page, and a faster build. lightningcss for the stylesheets (the shared README says why).
        minimizer: [swcMinimizer(), cssMinimizer()],
        // The federation runtime needs one runtime per app; named ids keep long-term caching stable.
        moduleIds: 'deterministic',
        chunkIds: production ? 'deterministic' : 'named',
        splitChunks: {
          cacheGroups: {
            // A shared workspace package is reached by two blocks, the provided copy and each consumer's fallback:
            // one named file for both, or the preload hints may name a file the page does not load (its README).
            ...WORKSPACE_CHUNKS,
            // An app's own texts (src/i18n: Italian, English and the module that adds them), which every exposed module
            // imports: one file of their own, else each expose's chunk carried a copy under splitChunks' 20 KB, and a
            // page mounting two of them (mf-visa's widget and button on the signed-in home) downloaded them twice.
            // The other languages stay one chunk each, fetched only for a page in that language.
            translations: {
              test: (module) =>
                module.resource?.startsWith(translationsFolder) === true && BUNDLED_TEXTS.test(module.resource),
              name: 'translations',
              chunks: 'async',
              enforce: true,
            },
          },
        },
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          { context: ['/api'], target: process.env.VARCO_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true },
        ],
        static: host ? [{ directory: path.join(dirname, 'public'), publicPath: '/' }] : [],
      },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
    };
    // The shell always has a page; a remote has one only in development, as its standalone mock host.
    if (host || !production) {
      config.plugins.push(
        new HtmlWebpackPlugin({
          template: path.join(host ? dirname : __dirname, host ? 'src/index.html' : 'dev-host.html'),
          title: host ? 'Varco' : `${name} (standalone)`,
          favicon: host ? path.join(dirname, 'public/favicon.svg') : undefined,
          // The page of a remote's standalone host is served for nested addresses too: its scripts are at the root.
          publicPath: host ? 'auto' : '/',
          scriptLoading: 'defer',
        }),
      );
    }
    if (production) config.plugins.push(compileHints());
    if (host) config.plugins.push(new PreloadFirstScreen(path.join(dirname, 'src/index.ts')));
    return config;
  };
}

module.exports = { createAppConfig, repoRoot };
