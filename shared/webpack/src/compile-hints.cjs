// V8 compiles a function the first time it is called, on the main thread, unless its file asks for all of its
// functions at once (`//# allFunctionsCalledOnLoad`, Chromium 136+; other browsers ignore the comment): then it
// compiles them while the file downloads, on a background thread, and the code cache of a repeat visit holds them all.
// Every file of ours is hinted: measured in Chromium's coverage, the files of `/`, `/sign-in` and the signed-in home
// run 6–100 % of their functions there, yet hinting the least used ones too (TanStack Query, the remotes'
// containers, @varco/ui) bought the home ~100 ms more than leaving them out (deploy/bench/README.md).
const { BannerPlugin, Compilation } = require('webpack');

const HINT = '//# allFunctionsCalledOnLoad';

/** The hint at the top of every script, after minification (which would drop the comment), before the content hashes. */
const compileHints = () => new BannerPlugin({ banner: HINT, raw: true, test: /\.js$/, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 });

module.exports = { compileHints, HINT };
