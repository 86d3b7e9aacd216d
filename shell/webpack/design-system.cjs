// The design system reaches the page twice, trimmed in the entry's stylesheet and whole in a file of its own
// (docs/architecture.md, "The front end"), each also mirrored for right-to-left pages ("Scripts and direction"). No
// other app's sources are read: the shell builds with the remotes absent.
const fs = require('node:fs');
const path = require('node:path');
const { PurgeCSSPlugin } = require('purgecss-webpack-plugin');
const rtlcss = require('rtlcss');
const { version: RTLCSS_VERSION } = require('rtlcss/package.json');
const { hashOf, hashedAssetInfo } = require('./hashed-asset.cjs');

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
/**
 * The whole design system's file name before minifying: content-hashed, as every other file of the build, so the CDN
 * caches it forever; webpack names it again after what the minimizer makes of it (`hashedAssetInfo`).
 */
const designSystemName = () => `design-system.${hashOf(fs.readFileSync(DESIGN_SYSTEM_FILE))}.css`;
/** Its mirror's: named after what it is made of (the file and the rtlcss release), known before it is made; renamed so too. */
const mirroredDesignSystemName = () =>
  `design-system.rtl.${hashOf(`${hashOf(fs.readFileSync(DESIGN_SYSTEM_FILE))} rtlcss ${RTLCSS_VERSION}`)}.css`;

/**
 * A stylesheet for right-to-left pages: sides swapped (margins, paddings, floats, positions, text alignment,
 * background positions, translations). What Bootstrap's own RTL build is; bootstrap-italia ships none. The minified
 * file keeps no `rtl:` directive, so every rule is mirrored.
 */
const mirrored = (css) => rtlcss.process(css);

let mirroredDesignSystem;
/** Made once per process (a few seconds), not at every rebuild of `webpack serve`. */
const wholeMirrored = () => (mirroredDesignSystem ??= mirrored(fs.readFileSync(DESIGN_SYSTEM_FILE, 'utf8')));

/**
 * Emits the whole design system, and its mirror, and tells the shell their addresses (`process.env.DESIGN_SYSTEM_CSS`,
 * `process.env.DESIGN_SYSTEM_RTL_CSS`).
 */
class WholeDesignSystem {
  constructor(name, mirroredName = mirroredDesignSystemName()) {
    this.name = name;
    this.mirroredName = mirroredName;
  }

  apply(compiler) {
    const { Compilation, DefinePlugin, sources } = compiler.webpack;
    new DefinePlugin({
      'process.env.DESIGN_SYSTEM_CSS': JSON.stringify(`/${this.name}`),
      'process.env.DESIGN_SYSTEM_RTL_CSS': JSON.stringify(`/${this.mirroredName}`),
    }).apply(compiler);
    compiler.hooks.thisCompilation.tap('WholeDesignSystem', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WholeDesignSystem', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.fileDependencies.add(DESIGN_SYSTEM_FILE);
          compilation.emitAsset(
            this.name,
            new sources.RawSource(fs.readFileSync(DESIGN_SYSTEM_FILE)),
            hashedAssetInfo(this.name),
          );
          compilation.emitAsset(
            this.mirroredName,
            new sources.RawSource(wholeMirrored()),
            hashedAssetInfo(this.mirroredName),
          );
        },
      );
    });
  }
}

/** What the shell's code reads as the entry stylesheet's addresses, filled in once the stylesheet exists. */
const ENTRY_PLACEHOLDERS = { ltr: '__VARCO_ENTRY_CSS_LTR__', rtl: '__VARCO_ENTRY_CSS_RTL__' };
const mirroredEntries = new WeakMap();
const RIGHT_TO_LEFT_RULES = path.join(SHELL, 'src', 'right-to-left.css');
const SOURCE_MAP_COMMENT = /\/\*# sourceMappingURL=[^*]*\*\/\s*/g;

/** The name of the mirrored entry stylesheet of a compilation (for its right-to-left pages). */
const mirroredEntryOf = (compilation) => mirroredEntries.get(compilation);

/**
 * Emits the entry's stylesheet mirrored (`main.rtl.<hash>.css`: the trimmed design system, the faces and the shell's
 * own rules, which use logical properties and stay as they are), followed by src/right-to-left.css, and writes both addresses into the shell's code
 * (`process.env.ENTRY_CSS`, `process.env.ENTRY_RTL_CSS`), which swaps them when the language's direction changes. The code cannot be told them
 * before compiling, as the design system's are: the stylesheet is what the compilation makes. Filled in before
 * minifying; the content hashes are computed afterwards (webpack's real content hash), so every name stays true.
 */
class MirroredEntryStylesheet {
  apply(compiler) {
    const { Compilation, DefinePlugin, sources } = compiler.webpack;
    new DefinePlugin({
      'process.env.ENTRY_CSS': JSON.stringify(`/${ENTRY_PLACEHOLDERS.ltr}`),
      'process.env.ENTRY_RTL_CSS': JSON.stringify(`/${ENTRY_PLACEHOLDERS.rtl}`),
    }).apply(compiler);
    compiler.hooks.thisCompilation.tap('MirroredEntryStylesheet', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'MirroredEntryStylesheet', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE },
        () => {
          const ltr = [...(compilation.namedChunks.get('main')?.files ?? [])].find((file) => file.endsWith('.css'));
          if (!ltr) return;
          // Without the left-to-right file's source map comment (the map is of that file), and with the rules that
          // right-to-left pages alone need, which are not mirrored.
          compilation.fileDependencies.add(RIGHT_TO_LEFT_RULES);
          const css = `${mirrored(compilation.getAsset(ltr).source.source().toString()).replace(SOURCE_MAP_COMMENT, '')}\n${fs.readFileSync(RIGHT_TO_LEFT_RULES, 'utf8')}`;
          const rtl = /\.[0-9a-f]{10}\.css$/.test(ltr) ? `main.rtl.${hashOf(css)}.css` : 'main.rtl.css';
          compilation.emitAsset(rtl, new sources.RawSource(css), rtl === 'main.rtl.css' ? {} : hashedAssetInfo(rtl));
          mirroredEntries.set(compilation, rtl);
          const names = { [ENTRY_PLACEHOLDERS.ltr]: ltr, [ENTRY_PLACEHOLDERS.rtl]: rtl };
          for (const { name, source } of compilation.getAssets()) {
            if (!name.endsWith('.js')) continue;
            const code = source.source().toString();
            const found = [...code.matchAll(/__VARCO_ENTRY_CSS_(LTR|RTL)__/g)];
            if (!found.length) continue;
            const replaced = new sources.ReplaceSource(source);
            for (const match of found)
              replaced.replace(match.index, match.index + match[0].length - 1, names[match[0]]);
            compilation.updateAsset(name, replaced);
          }
        },
      );
    });
  }
}

module.exports = {
  unusedCss,
  designSystemName,
  mirroredEntryOf,
  WholeDesignSystem,
  MirroredEntryStylesheet,
};
