const fs = require('node:fs');
const path = require('node:path');

const SHELL = path.join(__dirname, '..');

/**
 * The web app manifest and its icons (public/; the icons are drawn by scripts/make-icons.mjs) are files of the build,
 * added before the service worker lists what it precaches, so that an installed portal has them offline too.
 */
const PUBLIC_FILES = [
  'manifest.webmanifest',
  ...fs.readdirSync(path.join(SHELL, 'public/icons')).map((name) => `icons/${name}`),
];

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
        },
      );
    });
  }
}

module.exports = { EmitPublicFiles };
