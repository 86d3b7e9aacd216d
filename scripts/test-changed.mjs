// npm run test:changed: the checks and tests of what changed since main (commits of the branch, and the working tree),
// for the loop of a change; `npm test` stays the whole suite that CI runs.
//   - the type check (whole: a type travels between packages);
//   - lint and format of the changed files;
//   - the component tests of the changed files (jest --findRelatedTests: the tests whose imports reach them);
//   - the api tests whose imports reach a changed file (not through the wiring of app.ts), on each database;
//   - the browser specs of the front-end apps changed (e2e/specs-by-app.json; a shared package is every app's),
//     against a build of the apps changed (the others keep their last build, or are built once).
// Usage: npm run test:changed [-- --base <ref>] [-- --no-browser]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FRONT_ENDS = ['shell', 'mf-auth', 'mf-invoices', 'mf-visa', 'mf-notifications'];
const LINTED = /\.(ts|tsx|js|mjs|cjs|css)$/;
const API_WIRING = join(root, 'api', 'src', 'app.ts');

const git = (...args) => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.split('\n').filter(Boolean);
};

/** The files changed since `base` (committed on the branch or not), and the untracked ones, that still exist. */
export function changedFiles(base) {
  const [mergeBase] = git('merge-base', 'HEAD', base);
  const files = new Set([
    ...git('diff', '--name-only', mergeBase),
    ...git('ls-files', '--others', '--exclude-standard'),
  ]);
  return [...files].filter((file) => existsSync(join(root, file))).sort();
}

/** The front-end apps a change touches: an app's own folder, or every app for a shared package. */
export function appsTouched(files) {
  if (files.some((file) => file.startsWith('shared/'))) return [...FRONT_ENDS];
  return FRONT_ENDS.filter((app) => files.some((file) => file.startsWith(`${app}/`)));
}

/** The browser specs of the apps, from the map every spec is listed in (e2e/specs-by-app.json). */
export function specsOf(apps, byApp) {
  return [...new Set(apps.flatMap((app) => byApp[app] ?? []))].sort().map((name) => `tests/${name}.spec.ts`);
}

/**
 * Every file a module imports, transitively, within the repository (TypeScript's own resolution), but not through the
 * api's wiring (`app.ts`): every test that builds the app would reach every module through it.
 */
function importClosure(entry, options, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  if (entry === API_WIRING) return seen;
  const { importedFiles } = ts.preProcessFile(readFileSync(entry, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, entry, options, ts.sys).resolvedModule;
    const path = resolved?.resolvedFileName;
    if (!path || path.includes('/node_modules/') || path.endsWith('.d.ts')) continue;
    importClosure(resolve(path), options, seen);
  }
  return seen;
}

/** The api test files whose imports reach one of the changed files. */
export function apiTestsReaching(files) {
  const { config } = ts.readConfigFile(join(root, 'api', 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(root, 'api'));
  options.allowJs = true;
  const changed = new Set(files.map((file) => join(root, file)));
  const tests = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'api/src'], {
    cwd: root,
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter((file) => file.endsWith('.test.ts') && existsSync(join(root, file)));
  return tests.filter((test) => [...importClosure(join(root, test), options)].some((file) => changed.has(file)));
}

function step(title, command, args, cwd = root) {
  console.log(`\n== ${title} ==\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

function main() {
  const { values } = parseArgs({
    options: { base: { type: 'string', default: 'main' }, 'no-browser': { type: 'boolean', default: false } },
  });
  const files = changedFiles(values.base);
  if (files.length === 0) {
    console.log(`Nothing changed since ${values.base}.`);
    return;
  }
  console.log(`${files.length} files changed since ${values.base}.`);
  const failed = [];
  const check = (title, ok) => ok || failed.push(title);

  check('typecheck', step('typecheck', 'npm', ['run', 'typecheck', '--silent']));
  const linted = files.filter((file) => LINTED.test(file));
  if (linted.length) {
    check('lint', step('lint', 'npx', ['eslint', '--no-warn-ignored', ...linted]));
    check('format', step('format', 'npx', ['prettier', '--check', '--log-level', 'warn', ...linted]));
  }
  const sources = files.filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file) && !file.startsWith('api/'));
  if (sources.length)
    check(
      'component tests',
      step('component tests', 'npx', ['jest', '--passWithNoTests', '--findRelatedTests', ...sources]),
    );
  const apiTests = apiTestsReaching(files);
  if (apiTests.length)
    check(
      'api tests',
      step(
        'api tests',
        process.execPath,
        ['scripts/run-tests.mjs', ...apiTests.map((file) => relative('api', file))],
        join(root, 'api'),
      ),
    );

  const apps = appsTouched(files);
  const specs = specsOf(apps, JSON.parse(readFileSync(join(root, 'e2e', 'specs-by-app.json'), 'utf8')));
  if (values['no-browser'] || specs.length === 0) {
    console.log(`\nBrowser specs: none (${values['no-browser'] ? '--no-browser' : 'no front-end app changed'}).`);
  } else {
    const apiChanged = files.some((file) => file.startsWith('api/') || file.startsWith('shared/contracts/'));
    const builtBefore = existsSync(join(root, 'deploy', 'dist', 'cdn'));
    // The apps changed (and the api when it did); everything, the first time.
    const toBuild = builtBefore ? [...apps, ...(apiChanged ? ['api'] : [])] : [];
    const built = step(`build ${toBuild.join(', ') || 'everything'}`, process.execPath, [
      'scripts/build.mjs',
      ...toBuild,
    ]);
    check('build', built);
    if (built)
      check(
        'browser tests',
        step(`browser specs of ${apps.join(', ')}`, 'npx', ['playwright', 'test', ...specs], join(root, 'e2e')),
      );
  }
  console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nAll the checks of the change passed.');
  process.exitCode = failed.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
