const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The typefaces of every first screen (Titillium Web 300 lead, 400 text, 600 navigation, 700 headings: src/fonts.css),
 * preloaded by the page: without the hint a face is asked for only once the text that uses it is laid out, and the
 * lead text of / painted later under the slow-mobile profile.
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

module.exports = { PreloadFirstScreenFonts };
