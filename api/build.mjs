// npm run build: bundles src/server.ts into dist/server.mjs, the migration command into dist/migrate.mjs, the demo
// seed into dist/seed.mjs and the bench data generator into dist/generate.mjs (ESM,
// Node 24, no dev dependency needed to run them). Dependencies stay in node_modules and
// are imported at run time, except the workspace packages `@varco/*`, which are TypeScript source and are bundled.
// The bundle finds `migrations/` one level up, beside `dist/` (see src/paths.ts), so run it from this package as is.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Every bare import is external, but `@varco/*`. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@varco/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(new URL('dist/', import.meta.url), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/db/migrate-cli.ts',
    seed: 'src/db/seed-cli.ts',
    generate: 'src/db/generate-cli.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalDependencies],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `Built ${Object.keys(result.metafile.outputs)
    .filter((name) => name.endsWith('.mjs'))
    .join(', ')} (${Math.round(bytes / 1024)} KB with source maps).`,
);
