// Lint rules of the whole repository, with the import boundaries of the design:
// no remote imports another remote (or the shell), shared packages import no app, zod reaches the
// front end only through @varco/contracts, and @varco/federation-contract imports neither zod nor another package.
// In the api, a module is reached only through its face (`index.ts`), and no file of api/src is part of an import
// cycle, type-only imports counted (api/README.md, "Modules"). In a remote, app → features → shared, one way: a
// feature is reached only through its face (`features/<name>`, its index.ts) (docs/layers.md, "Layers of a remote").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { createNoImportCycle } from './scripts/eslint/no-import-cycle.mjs';

/** The api's files and the compiler options that resolve their imports. */
const API_PROJECT = {
  tsconfig: fileURLToPath(new URL('./api/tsconfig.json', import.meta.url)),
  within: fileURLToPath(new URL('./api/', import.meta.url)),
};

const APPS = ['shell', 'mf-auth', 'mf-invoices', 'mf-visa', 'mf-notifications'];

/** Import patterns that reach into an app, by package name or by relative path. */
function appImports(apps) {
  return apps.flatMap((app) => [`@varco/${app}`, `@varco/${app}/*`, `**/${app}/src/**`, `**/${app}/src`]);
}

function boundaries(files, forbiddenApps, extra = []) {
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: appImports(forbiddenApps),
              message:
                'Apps are joined at run time by Module Federation, never by imports: use a module exposed through the shell, or move shared code to shared/.',
            },
            ...extra,
          ],
        },
      ],
    },
  };
}

/**
 * The api's module boundaries: outside `api/src/modules/<m>/`, only `modules/<m>` (its index.ts) may be imported;
 * tests and the api's test support (`api/src/test/`) may also import a module's `testing.ts` (fixtures shared by
 * tests), and the test support what it reads of a module's own files. Import paths are relative and written
 * without extension, so the patterns match the text of the import: `../<m>/…` from inside a module, `…/modules/<m>/…`
 * from anywhere else.
 */
const MODULE_FACE =
  'Import another api module only through its face, `modules/<name>` (its index.ts): its other files are its own (api/README.md, "Modules").';
function apiBoundaries({ insideModule, tests }) {
  const file = tests ? '(?!testing$)[^/]+' : '[^/]+';
  const regexes = insideModule ? [`^\\.\\./[^./][^/]*/${file}`, '(^|/)modules/[^/]+/'] : [`(^|/)modules/[^/]+/${file}`];
  const modules = 'api/src/modules/**';
  const testFiles = ['api/**/*.test.ts', 'api/src/test/**'];
  return {
    files: [insideModule ? `${modules}/*.ts` : 'api/**/*.{ts,mjs}'].map((glob) =>
      tests ? glob.replace(/\*\.(ts|\{ts,mjs\})$/, '*.test.ts') : glob,
    ),
    ignores: [...(insideModule ? [] : [modules]), ...(tests ? [] : testFiles)],
    rules: {
      'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message: MODULE_FACE })) }],
    },
  };
}

/**
 * The layers of a remote (docs/layers.md, "Layers of a remote"): app (`exposed/`, bootstrap, `testing/`) →
 * features → the app's own `components/` and `lib/`, one way. The zones are paths that import-x resolves, so they hold
 * whatever the depth and spelling of a relative import. A feature's tests may render it as the app mounts it
 * (`exposed/`, `testing/`); they too reach other features only through their faces.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const LAYERS_DOC = '(docs/layers.md, "Layers of a remote")';
const FEATURE_FACE = `Import a feature only through its face, \`features/<name>\` (its index.ts), never its other files ${LAYERS_DOC}.`;
const FEATURE_NOT_APP = `A feature imports nothing of its app's top level (\`exposed/\`, bootstrap, \`testing/\`) ${LAYERS_DOC}.`;
const SHARED_NOT_FEATURE = `The app's \`components/\` and \`lib/\` import no feature and nothing of the app's top level ${LAYERS_DOC}.`;
function remoteLayers(remote, { tests }) {
  const src = path.join(ROOT, remote, 'src');
  const features = fs
    .readdirSync(path.join(src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const face = `${src}/features/*/index.ts`;
  const appTop = [`${src}/exposed/**`, `${src}/testing/**`, `${src}/*.{ts,tsx}`];
  const zones = [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}/**`,
      from: `${src}/features/!(${feature})/**`,
      except: [face],
      message: FEATURE_FACE,
    })),
    {
      target: [`${src}/!(features|components|lib)/**`, `${src}/*.{ts,tsx}`],
      from: `${src}/features/**`,
      except: [face],
      message: FEATURE_FACE,
    },
    {
      target: [`${src}/components/**`, `${src}/lib/**`],
      from: [`${src}/features/**`, ...appTop],
      message: SHARED_NOT_FEATURE,
    },
    ...(tests ? [] : [{ target: `${src}/features/**`, from: appTop, message: FEATURE_NOT_APP }]),
  ];
  return {
    files: [tests ? `${remote}/src/**/*.test.{ts,tsx}` : `${remote}/src/**/*.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  };
}
const REMOTES = APPS.filter((app) => app !== 'shell');

/**
 * The layers of the shell (docs/layers.md, "Layers of the shell"), top to bottom: a file imports from its own
 * folder and from the layers below its own, never from a folder beside it or above it. Tests may reach any layer: they
 * mount the parts as the app does.
 */
const SHELL_LAYERS = [
  ['index.ts'],
  ['bootstrap.tsx', 'prerender', 'testing'],
  ['app'],
  ['layout', 'pages'],
  ['federation', 'offline'],
  ['session'],
  ['beacons'],
  ['config', 'served-page'],
  ['lib', 'language-styles'],
];
const SHELL_LAYERS_DOC = `The shell's folders import one way: ${SHELL_LAYERS.map((layer) => layer.join(', ')).join(' → ')} (docs/layers.md, "Layers of the shell").`;
function shellLayers() {
  const src = path.join(ROOT, 'shell', 'src');
  // A file's pattern is an extglob too: the rule takes globs only, or paths only.
  const glob = (part) => (/\.tsx?$/.test(part) ? `${src}/@(${part})` : `${src}/${part}/**`);
  // The top file, alone on its layer, has nothing above it or beside it.
  const zones = SHELL_LAYERS.slice(1).flatMap((layer, index) =>
    layer.map((part) => ({
      target: glob(part),
      from: SHELL_LAYERS.slice(0, index + 2)
        .flat()
        .filter((other) => other !== part)
        .map(glob),
      message: SHELL_LAYERS_DOC,
    })),
  );
  return {
    files: ['shell/src/**/*.{ts,tsx}'],
    ignores: ['shell/src/**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  };
}

const NO_DIRECT_ZOD = {
  group: ['zod', 'zod/*'],
  message: 'Import schemas from @varco/contracts: zod reaches the browser only there (see its README).',
};
/** The shell's entry runs the federation contract before the federation's shared modules exist (its README). */
const FEDERATION_CONTRACT_ALONE = {
  group: ['zod', 'zod/*', '@varco/*'],
  message:
    "@varco/federation-contract imports no zod and no other package: the shell's entry runs it before the shared modules exist.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.prerender/**',
      '**/node_modules/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', 'scripts/jest/**'],
    languageOptions: { globals: globals.jest },
  },
  ...REMOTES.map((remote) =>
    boundaries(
      [`${remote}/**/*.{ts,tsx}`],
      APPS.filter((app) => app !== remote),
      [NO_DIRECT_ZOD],
    ),
  ),
  boundaries(
    ['shell/**/*.{ts,tsx}'],
    APPS.filter((app) => app !== 'shell'),
    [NO_DIRECT_ZOD],
  ),
  boundaries(['shared/**/*.{ts,tsx}'], APPS),
  boundaries(['shared/federation-contract/**/*.{ts,tsx}'], APPS, [FEDERATION_CONTRACT_ALONE]),
  {
    files: ['api/**/*.ts'],
    plugins: { varco: { rules: { 'no-import-cycle': createNoImportCycle(API_PROJECT) } } },
    rules: { 'varco/no-import-cycle': 'error' },
  },
  ...[false, true].flatMap((insideModule) => [false, true].map((tests) => apiBoundaries({ insideModule, tests }))),
  {
    files: APPS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json') })],
    },
  },
  ...REMOTES.flatMap((remote) => [false, true].map((tests) => remoteLayers(remote, { tests }))),
  shellLayers(),
);
