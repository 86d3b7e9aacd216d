// Lint rules of the whole repository, with the import boundaries of the design:
// no remote imports another remote (or the shell), shared packages import no app, and zod reaches the
// front end only through @varco/contracts.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
            { group: appImports(forbiddenApps), message: 'Apps are joined at run time by Module Federation, never by imports: use a module exposed through the shell, or move shared code to shared/.' },
            ...extra,
          ],
        },
      ],
    },
  };
}

const NO_DIRECT_ZOD = { group: ['zod', 'zod/*'], message: 'Import schemas from @varco/contracts: zod reaches the browser only there (see its README).' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/test-results/**', 'e2e/playwright-report/**', '.data/**'] },
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
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['**/*.test.ts', '**/*.test.tsx', '**/*.test.mjs', 'scripts/jest/**'], languageOptions: { globals: globals.jest } },
  ...APPS.filter((app) => app !== 'shell').map((remote) => boundaries([`${remote}/**/*.{ts,tsx}`], APPS.filter((app) => app !== remote), [NO_DIRECT_ZOD])),
  boundaries(['shell/**/*.{ts,tsx}'], APPS.filter((app) => app !== 'shell'), [NO_DIRECT_ZOD]),
  boundaries(['shared/**/*.{ts,tsx}'], APPS),
);
