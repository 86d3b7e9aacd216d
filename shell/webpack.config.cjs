const HtmlWebpackPlugin = require('html-webpack-plugin');
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

const shellConfig = createAppConfig({ dirname: __dirname, name: 'shell', devPort: 8080, host: true });

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  config.plugins.push(new PreloadFirstScreenFonts());
  return config;
};
