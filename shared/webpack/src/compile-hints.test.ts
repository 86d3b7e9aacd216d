/**
 * @jest-environment node
 */
// The compile hint reaches every script the browser gets (after minification), and a hinted file's name changes with
// it (a cached copy without the hint is never taken for it).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpack from 'webpack';
import { compileHints, HINT } from './compile-hints.cjs';

let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  const write = (file: string, text: string) => {
    mkdirSync(join(project, file, '..'), { recursive: true });
    writeFileSync(join(project, file), text);
  };
  write(
    'src/index.js',
    "import { start } from './start.js';\nstart();\nimport(/* webpackChunkName: 'page' */ './page.js').then((page) => page.show());\nimport(/* webpackChunkName: 'library' */ 'a-library').then((library) => library.fetchOnce());\n",
  );
  write('src/start.js', 'export function start() { document.title = String(Date.now()); }\n');
  write('src/page.js', 'export function show() { document.body.append(document.title); }\n');
  write(
    'node_modules/a-library/package.json',
    JSON.stringify({ name: 'a-library', version: '1.0.0', main: 'index.js' }),
  );
  write(
    'node_modules/a-library/index.js',
    'export function fetchOnce() { return fetch("/"); }\nexport function refetch() { return fetch("/again"); }\n',
  );
});

afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Builds the project for production, with the plugin or without it; returns each emitted file's text by name. */
function build(plugins: webpack.WebpackPluginInstance[], outputName: string): Promise<Record<string, string>> {
  const output = join(project, outputName);
  return new Promise((resolve, reject) => {
    webpack(
      {
        mode: 'production',
        context: project,
        entry: './src/index.js',
        output: { path: output, filename: '[name].js', chunkFilename: '[name].[contenthash:10].js' },
        plugins,
      },
      (error, stats) => {
        if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString('errors-only')));
        resolve(
          Object.fromEntries(readdirSync(output).map((file) => [file, readFileSync(join(output, file), 'utf8')])),
        );
      },
    );
  });
}

const named = (files: Record<string, string>, prefix: string) =>
  Object.keys(files).find((file) => file.startsWith(prefix)) ?? '';

it('hints the entry and every chunk, after minification, and renames what it hints', async () => {
  const hinted = await build([compileHints()], 'hinted');
  const plain = await build([], 'plain');

  for (const prefix of ['main.js', 'page.', 'library.'])
    expect(hinted[named(hinted, prefix)].startsWith(HINT)).toBe(true);
  // The minified file, hint first.
  expect(hinted[named(hinted, 'page.')]).toBe(`${HINT}\n${plain[named(plain, 'page.')]}`);
  expect(named(hinted, 'page.')).not.toBe(named(plain, 'page.'));
  expect(named(hinted, 'library.')).not.toBe(named(plain, 'library.'));
});
