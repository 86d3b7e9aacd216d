// Every file of ours starts with `//# allFunctionsCalledOnLoad`, so that Chromium compiles its functions as it
// downloads, off the main thread; why every file and not the most used only: shared/webpack/README.md.
const { BannerPlugin, Compilation } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad';

/** The hint at the top of every script, after minification (which would drop the comment), before the content hashes. */
const compileHints = () =>
  new BannerPlugin({
    banner: HINT,
    raw: true,
    test: /\.js$/,
    stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });

module.exports = { compileHints, HINT };
