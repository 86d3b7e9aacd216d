const HtmlWebpackPlugin = require('html-webpack-plugin');
const { isOwnPage } = require('./own-pages-text-first.cjs');

/**
 * The entry's stylesheet (or its mirror, on a right-to-left page) written into the pages of the shell's own (/ and
 * /howto, whose first screen is all HTML): they
 * paint styled with no request more than the page. The frames keep the file: their first screen waits for the scripts
 * anyway, and a repeat visit's home was slower with it inline (deploy/bench/README.md, "Tried and not kept").
 */
class InlineEntryStylesheet {
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineEntryStylesheet', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('InlineEntryStylesheet', (data) => {
        if (!isOwnPage(data.outputName)) return data;
        const headTags = data.headTags.map((tag) => {
          const file =
            tag.tagName === 'link' &&
            tag.attributes.rel === 'stylesheet' &&
            /^\/?(main\.(?:rtl\.)?[0-9a-f]{10}\.css)$/.exec(tag.attributes.href)?.[1];
          return file
            ? HtmlWebpackPlugin.createHtmlTagObject('style', {}, compilation.assets[file].source().toString())
            : tag;
        });
        return { ...data, headTags };
      });
    });
  }
}

module.exports = { InlineEntryStylesheet };
