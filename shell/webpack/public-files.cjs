const fs = require('node:fs');
const path = require('node:path');
const { RIGHT_TO_LEFT, manifestOf } = require('./prerender.cjs');

const SHELL = path.join(__dirname, '..');
/** The common texts of each language of the portal (@varco/i18n), by the language's short name (`zh-Hans`). */
const LOCALES = path.join(SHELL, '..', 'shared', 'i18n', 'src', 'locales');

/**
 * The web app manifest and its icons (public/; the icons are drawn by scripts/make-icons.mjs) are files of the build,
 * added before the service worker lists what it precaches, so that an installed portal has them offline too; so is a
 * manifest per language, which the pages in that language link to.
 */
const PUBLIC_FILES = [
  'manifest.webmanifest',
  ...fs.readdirSync(path.join(SHELL, 'public/icons')).map((name) => `icons/${name}`),
];

/** The web app manifest of `language`: the portal's name and description as its pages say them, in its direction. */
function languageManifest(base, language) {
  const { app } = JSON.parse(fs.readFileSync(path.join(LOCALES, `${language}.json`), 'utf8'));
  const dir = RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr';
  return { ...base, name: app.title, description: app.description, lang: language, dir };
}

class EmitPublicFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitPublicFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitPublicFiles', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of PUBLIC_FILES) {
            const file = path.join(SHELL, 'public', name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
          }
          // Installed from a page in one language, the portal is named and described in it.
          const base = JSON.parse(fs.readFileSync(path.join(SHELL, 'public', 'manifest.webmanifest'), 'utf8'));
          for (const file of fs.readdirSync(LOCALES).filter((name) => name.endsWith('.json'))) {
            const language = file.replace(/\.json$/, '');
            compilation.fileDependencies.add(path.join(LOCALES, file));
            const manifest = JSON.stringify(languageManifest(base, language), null, 2);
            compilation.emitAsset(manifestOf(language).slice(1), new sources.RawSource(`${manifest}\n`));
          }
        },
      );
    });
  }
}

module.exports = { EmitPublicFiles };
