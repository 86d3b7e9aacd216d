const HtmlWebpackPlugin = require('html-webpack-plugin');
const { mirroredEntryOf } = require('./design-system.cjs');
const { languageFontSheets } = require('./language-fonts.cjs');
const { RIGHT_TO_LEFT } = require('./prerender.cjs');

const PAGE_LANGUAGE = /^pages\/([A-Za-z-]+)\//;
const ENTRY_STYLESHEET = /^\/?main\.([0-9a-f]{10}\.)?css$/;

/**
 * The styles of each page rendered at build time, by its language (docs/architecture.md, "Scripts and direction"): a
 * right-to-left page links the mirrored entry stylesheet instead of the entry's, and a language whose script Titillium
 * Web does not draw links its faces' stylesheet right after it, so that the first paint is in its faces. Pages in a
 * language that needs neither (English, Italian…) are left as they were.
 */
class LanguagePageStyles {
  apply(compiler) {
    compiler.hooks.compilation.tap('LanguagePageStyles', (compilation) => {
      // Before the entry's stylesheet is written into the pages of the shell's own (InlineEntryStylesheet).
      const stage = { name: 'LanguagePageStyles', stage: -10 };
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(stage, (data) => {
        const language = PAGE_LANGUAGE.exec(data.outputName)?.[1];
        const fonts = language && languageFontSheets()[language];
        const mirrored = language && RIGHT_TO_LEFT.has(language) && mirroredEntryOf(compilation);
        if (!fonts && !mirrored) return data;
        const headTags = data.headTags.flatMap((tag) => {
          if (!(
            tag.tagName === 'link' &&
            tag.attributes.rel === 'stylesheet' &&
            ENTRY_STYLESHEET.test(tag.attributes.href)
          ))
            return [tag];
          const entry = mirrored ? { ...tag, attributes: { ...tag.attributes, href: `/${mirrored}` } } : tag;
          const faces = fonts
            ? [HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'stylesheet', href: `/${fonts.name}` })]
            : [];
          return [entry, ...faces];
        });
        return { ...data, headTags };
      });
    });
  }
}

module.exports = { LanguagePageStyles };
