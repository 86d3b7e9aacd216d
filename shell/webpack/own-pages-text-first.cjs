const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The pages of the shell's own (/ and /howto), in every language (`pt-BR` and `zh-Hans` too): their first screen is
 * the HTML's text, not the scripts'.
 */
const OWN_PAGE = /^pages\/[A-Za-z-]+\/(index|howto)\.html$/;
const isOwnPage = (outputName) => OWN_PAGE.test(outputName);

/** The typefaces of their first screen: Titillium Web 300 lead, 400 text, 600 navigation, 700 headings (src/fonts.css). */
const FIRST_SCREEN_FONTS = /^assets\/titillium-web-latin-(300|400|600|700)-normal\.[0-9a-f]{10}\.woff2$/;

/**
 * On the pages of the shell's own, the text's faces are preloaded and the scripts' preloads go at low priority, so that
 * the stylesheet and the faces take the link first. The frames' first screen waits for the scripts: there the scripts
 * keep their priority and no face competes with them (docs/architecture.md, "The first screen as HTML").
 */
class OwnPagesTextFirst {
  apply(compiler) {
    compiler.hooks.compilation.tap('OwnPagesTextFirst', (compilation) => {
      // After the preloads of the first screen's scripts are written (PreloadFirstScreen, @varco/webpack-config).
      const stage = { name: 'OwnPagesTextFirst', stage: 100 };
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(stage, (data) => {
        if (!isOwnPage(data.outputName)) return data;
        const scriptsLater = data.headTags.map((tag) =>
          tag.tagName === 'link' && tag.attributes.rel === 'preload' && tag.attributes.as === 'script'
            ? { ...tag, attributes: { ...tag.attributes, fetchpriority: 'low' } }
            : tag,
        );
        const fonts = Object.keys(compilation.assets)
          .filter((name) => FIRST_SCREEN_FONTS.test(name))
          .sort()
          .map((name) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              href: `/${name}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            }),
          );
        return { ...data, headTags: [...scriptsLater, ...fonts] };
      });
    });
  }
}

module.exports = { OwnPagesTextFirst, isOwnPage };
