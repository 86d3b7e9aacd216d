// The shell's entry (main.js) only holds the federation runtime and `import('./bootstrap')`; without hints, the
// browser learns of the bootstrap chunk, its stylesheet and the shared libraries it consumes only once main.js has run,
// then of what those libraries consume once they have arrived: a waterfall of round trips. This plugin writes, in the
// page, a `<link rel="preload">` for every file of that first load, so they all download in parallel with main.js.
const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The chunks the entry's `import()` loads, with the chunks of the shared modules they consume (the app's own copies,
 * which the shell provides), followed through what those consume in turn: what a first visit downloads before it can
 * render, whatever the page (remotes and the chunks of lazy `import()`s inside them are left out).
 */
function firstLoadChunks(compilation, entryResource) {
  const { chunkGraph } = compilation;
  // The app's own copy of each shared module, as it provides it to the page (`share scope/key` → provide module).
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') provided.set(`${module._shareScope}/${module._name}`, module);
  }
  const chunks = new Set();
  const follow = (group) => {
    for (const chunk of group?.chunks ?? []) {
      if (chunks.has(chunk)) continue;
      chunks.add(chunk);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        // A consumed shared module downloads, when the chunk that consumes it loads, the copy this app provides (the
        // page has no other on a first visit): its provided chunks, not those of the consumer's fallback, which webpack
        // may have put in other files with the same modules (fetched twice, else).
        const { shareKey, shareScope } = module.options;
        const provide = [shareScope]
          .flat()
          .map((scope) => provided.get(`${scope}/${shareKey}`))
          .find(Boolean);
        for (const block of (provide ?? module).blocks) follow(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const entrypoint of compilation.entrypoints.values()) {
    for (const chunk of entrypoint.chunks) {
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        // The entry module, alone or as the root of the modules production builds concatenate with it.
        if ((module.rootModule ?? module).resource !== entryResource) continue;
        for (const block of module.blocks) follow(chunkGraph.getBlockChunkGroup(block));
      }
    }
  }
  return chunks;
}

class PreloadFirstScreen {
  /** @param {string} entryResource the absolute path of the entry module whose `import()` starts the app */
  constructor(entryResource) {
    this.entryResource = entryResource;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFirstScreen', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFirstScreen', (data) => {
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        const files = [...firstLoadChunks(compilation, this.entryResource)].flatMap((chunk) => [...chunk.files]).sort();
        const links = files.flatMap((file) => {
          const as = file.endsWith('.js') ? 'script' : file.endsWith('.css') ? 'style' : undefined;
          return as
            ? [HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `${publicPath}${file}`, as })]
            : [];
        });
        return { ...data, headTags: [...data.headTags, ...links] };
      });
    });
  }
}

module.exports = { PreloadFirstScreen, firstLoadChunks };
