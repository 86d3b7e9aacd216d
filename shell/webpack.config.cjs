const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createAppConfig } = require('@varco/webpack-config');

/**
 * The shell's page asks for the typefaces of its first screen at once (`<link rel="preload">`): otherwise the browser
 * finds them only after the scripts have rendered the page and the stylesheet has matched it. Only the two faces
 * most of that screen is set in (body text and headings); the others arrive when first used.
 */
const FIRST_SCREEN_FONTS = /^assets\/titillium-web-latin-(400|700)-normal\.[0-9a-f]+\.woff2$/;

class PreloadFirstScreenFonts {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFirstScreenFonts', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFirstScreenFonts', (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        const fonts = compilation
          .getAssets()
          .map((asset) => asset.name)
          .filter((name) => FIRST_SCREEN_FONTS.test(name))
          .sort();
        const links = fonts.map((name) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `${publicPath}${name}`, as: 'font', type: 'font/woff2', crossorigin: '' }),
        );
        return { ...data, headTags: [...links, ...data.headTags] };
      });
    });
  }
}

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

const shellConfig = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  config.plugins.push(new PreloadFirstScreenFonts(), new EmitPublicFiles());
  if (config.mode === 'production') config.plugins.push(serviceWorker());
  return config;
};
