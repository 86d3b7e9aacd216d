// The faces of the scripts that the design system's Titillium Web (latin subset, src/fonts.css) does not draw, one
// stylesheet per language that needs them (docs/architecture.md, "Scripts and direction"). A page in English or
// Italian links none of them: they are not in the entry's stylesheet, and the service worker does not precache them.
const fs = require('node:fs');
const path = require('node:path');
const { hashOf } = require('./hashed-asset.cjs');

/** The slices of a CJK family (`[0]` … `[119]` in fontsource's unicode.json), without its Latin and Cyrillic ones. */
const CJK_SLICES = (subset) => /^\[\d+\]$/.test(subset);

/**
 * Each language's faces beyond Titillium Web's latin subset, by fontsource package: its subsets (unicode-range
 * slices: the browser downloads only those the page's text uses) and weights. Cyrillic and Greek come in the design
 * system's four weights (a few KB each); for the larger CJK and Arabic faces, 400 and 700 stand in for 300 and 600
 * (the nearest weights a browser picks), which halves what a page downloads.
 */
const LANGUAGE_FACES = {
  tr: [{ package: '@fontsource/titillium-web', subsets: ['latin-ext'], weights: [300, 400, 600, 700] }],
  ru: [
    {
      package: '@fontsource/noto-sans',
      subsets: ['cyrillic', 'cyrillic-ext', 'greek', 'greek-ext'],
      weights: [300, 400, 600, 700],
    },
  ],
  'zh-Hans': [{ package: '@fontsource/noto-sans-sc', subsets: CJK_SLICES, weights: [400, 700] }],
  ja: [{ package: '@fontsource/noto-sans-jp', subsets: CJK_SLICES, weights: [400, 700] }],
  ko: [{ package: '@fontsource/noto-sans-kr', subsets: CJK_SLICES, weights: [400, 700] }],
  ar: [{ package: '@fontsource/noto-sans-arabic', subsets: ['arabic'], weights: [400, 700] }],
};

/** The design system's families and their fallbacks, as src/fonts.css declares them (fonts.test.ts keeps them alike). */
const SANS_SERIF = ["'Titillium Web'", "'Titillium Web Fallback'", 'Geneva', 'Tahoma', 'sans-serif'];
const SERIF = ["'Lora'", "'Lora Fallback'", 'Georgia', 'serif'];

/** The package's folder, its family and its subsets' ranges (fontsource's metadata.json and unicode.json). */
function fontsource(name) {
  const folder = path.dirname(require.resolve(`${name}/package.json`));
  const read = (file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
  return { folder, family: read('metadata.json').family, ranges: read('unicode.json'), id: read('metadata.json').id };
}

/** The @font-face rules and font files of one package's faces: each slice's weights side by side, so they compress. */
function facesOf({ package: name, subsets, weights }) {
  const { folder, family, ranges, id } = fontsource(name);
  const chosen = Object.keys(ranges).filter((subset) =>
    typeof subsets === 'function' ? subsets(subset) : subsets.includes(subset),
  );
  const missing = typeof subsets === 'function' ? [] : subsets.filter((subset) => !(subset in ranges));
  if (missing.length || chosen.length === 0) throw new Error(`${name} has no subset ${missing.join(', ') || 'chosen'}`);
  const files = [];
  const rules = chosen.flatMap((subset) =>
    weights.map((weight) => {
      const base = `${id}-${subset.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal`;
      const source = path.join(folder, 'files', `${base}.woff2`);
      const name = `assets/${base}.${hashOf(fs.readFileSync(source))}.woff2`;
      files.push({ name, source });
      return (
        `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};font-display:swap;` +
        `src:url(/${name}) format('woff2');unicode-range:${ranges[subset]}}`
      );
    }),
  );
  return { family, rules, files };
}

/** One language's stylesheet: its faces, and where they are not Titillium Web's, the families that name them. */
function sheetOf(language, faces) {
  const sets = faces.map(facesOf);
  const families = [...new Set(sets.map(({ family }) => `'${family}'`))].filter((family) => family !== SANS_SERIF[0]);
  // After the design system's face, so that Latin letters and digits keep it; before its fallback, which has no glyph
  // of these scripts worth showing.
  const lang = families.length
    ? [
        `:root:lang(${language}){--bs-font-sans-serif:${[SANS_SERIF[0], ...families, ...SANS_SERIF.slice(1)].join(',')}}`,
        `:lang(${language}) .callout p{font-family:${[SERIF[0], ...families, ...SERIF.slice(1)].join(',')}}`,
      ]
    : [];
  const css = `${[...sets.flatMap(({ rules }) => rules), ...lang].join('\n')}\n`;
  return { name: `fonts-${language}.${hashOf(css)}.css`, css, files: sets.flatMap(({ files }) => files) };
}

let sheets;
/** Every language's stylesheet, by its short form (built once per process: the names are needed before compiling). */
function languageFontSheets() {
  sheets ??= Object.fromEntries(
    Object.entries(LANGUAGE_FACES).map(([language, faces]) => [language, sheetOf(language, faces)]),
  );
  return sheets;
}

/** Files of the build that only some languages load: the service worker leaves them out of its precache. */
const LANGUAGE_FONT_FILES =
  /^(fonts-[A-Za-z-]+\.[0-9a-f]{10}\.css|assets\/(noto-sans-|titillium-web-latin-ext-).*\.woff2)$/;

/**
 * Emits the languages' stylesheets and their font files, and tells the shell where each language's sheet is
 * (`process.env.LANGUAGE_FONTS`: JSON, short form → address).
 */
class LanguageFonts {
  apply(compiler) {
    const { Compilation, DefinePlugin, sources } = compiler.webpack;
    const all = languageFontSheets();
    const addresses = Object.fromEntries(Object.entries(all).map(([language, { name }]) => [language, `/${name}`]));
    new DefinePlugin({ 'process.env.LANGUAGE_FONTS': JSON.stringify(JSON.stringify(addresses)) }).apply(compiler);
    compiler.hooks.thisCompilation.tap('LanguageFonts', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LanguageFonts', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const { name, css, files } of Object.values(all)) {
            // Written minified: the minimizer would only spell the ranges in capitals, which compress less.
            compilation.emitAsset(name, new sources.RawSource(css), { immutable: true, minimized: true });
            for (const file of files)
              if (!compilation.getAsset(file.name))
                compilation.emitAsset(file.name, new sources.RawSource(fs.readFileSync(file.source)), {
                  immutable: true,
                });
          }
        },
      );
    });
  }
}

module.exports = { LanguageFonts, languageFontSheets, LANGUAGE_FONT_FILES, SANS_SERIF, SERIF };
