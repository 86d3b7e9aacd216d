// webpack 5.111 attaches its own sharing runtime module (the Module Federation 1 one) to every runtime that needs a
// share scope, beside the one @module-federation/enhanced adds. Both write `__webpack_require__.S` and `.I`; the
// federation's runs last and replaces them, so the first is dead code — with a second copy of the table of every shared
// module — in main.js and each remoteEntry.js. This plugin leaves it out of chunks that have the federation's.
const WebpackShareRuntimeModule = require('webpack/lib/sharing/ShareRuntimeModule');

const NAME = 'FederationShareRuntimeOnly';

class FederationShareRuntimeOnly {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.afterRuntimeRequirements.tap(NAME, () => {
        const { chunkGraph } = compilation;
        for (const chunk of compilation.chunks) {
          const sharing = [...chunkGraph.getChunkRuntimeModulesIterable(chunk)].filter(
            (module) => module.name === 'sharing',
          );
          const bundlers = sharing.filter((module) => module instanceof WebpackShareRuntimeModule);
          // Only where the federation's own module is there to replace it.
          if (bundlers.length === 0 || bundlers.length === sharing.length) continue;
          for (const module of bundlers) chunkGraph.disconnectChunkAndRuntimeModule(chunk, module);
        }
      });
    });
  }
}

module.exports = { FederationShareRuntimeOnly };
