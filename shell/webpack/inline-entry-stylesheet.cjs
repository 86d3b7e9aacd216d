const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The entry's stylesheet written into the pages of the shell's own (/ and /howto, whose first screen is all HTML): they
 * paint styled with no request more than the page. The frames keep the file: their first screen waits for the scripts
 * anyway, and a repeat visit's home was slower with it inline (deploy/bench/README.md, "Tried and not kept").
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

module.exports = { InlineEntryStylesheet };
