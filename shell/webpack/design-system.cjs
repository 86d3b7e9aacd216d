// The design system reaches the page twice, trimmed in the entry's stylesheet and whole in a file of its own
// (docs/architecture.md, "The front end"). No other app's sources are read: the shell builds with the remotes absent.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { PurgeCSSPlugin } = require('purgecss-webpack-plugin');

const SHELL = path.join(__dirname, '..');

/** The sources whose classes, elements and attributes keep a rule in the entry's stylesheet: the shell's and what it renders. */
const STYLED_FOLDERS = [
  path.join(SHELL, 'src'),
  ...['ui', 'i18n'].map((name) => path.join(SHELL, '..', 'shared', name, 'src')),
];
const STYLED_SOURCES = STYLED_FOLDERS.flatMap((folder) =>
  fs.globSync('**/*.{ts,tsx,html}', { cwd: folder }).map((file) => path.join(folder, file)),
).filter((file) => !/\.test\.tsx?$/.test(file));
const unusedCss = () =>
  new PurgeCSSPlugin({
    paths: STYLED_SOURCES,
    // States that bootstrap-italia's rules describe and React sets only while a traveler acts (open menus, focus).
    safelist: {
      standard: ['show', 'expanded', 'active', 'is-invalid', 'focus--mouse'],
      greedy: [/^fade/, /^collapsing/],
    },
  });

const DESIGN_SYSTEM_FILE = require.resolve('bootstrap-italia/dist/css/bootstrap-italia.min.css');
/** The whole design system's file name: content-hashed, as every other file of the build, so the CDN caches it forever. */
const designSystemName = () =>
  `design-system.${createHash('sha256').update(fs.readFileSync(DESIGN_SYSTEM_FILE)).digest('hex').slice(0, 10)}.css`;

/** Emits the whole design system and tells the shell its address (`process.env.DESIGN_SYSTEM_CSS`). */
class WholeDesignSystem {
  constructor(name) {
    this.name = name;
  }

  apply(compiler) {
    const { Compilation, DefinePlugin, sources } = compiler.webpack;
    new DefinePlugin({ 'process.env.DESIGN_SYSTEM_CSS': JSON.stringify(`/${this.name}`) }).apply(compiler);
    compiler.hooks.thisCompilation.tap('WholeDesignSystem', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WholeDesignSystem', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(DESIGN_SYSTEM_FILE);
          compilation.emitAsset(this.name, new sources.RawSource(fs.readFileSync(DESIGN_SYSTEM_FILE)), {
            immutable: true,
          });
        },
      );
    });
  }
}

module.exports = { unusedCss, designSystemName, WholeDesignSystem };
