// Builds the bench's single bundle (./webpack.config.cjs) and lays it out as a CDN tree of its own, with the gzip
// and brotli copies the CDN serves: deploy/dist/single-bundle/cdn/shell/. Returns that tree's root.
import { join } from 'node:path';
import { publishBuild } from '../../scripts/assemble.mjs';
import { benchDir } from '../lib/bench-database.mjs';
import { run } from '../lib/processes.mjs';

const repoRoot = join(benchDir, '..', '..');
const dist = join(repoRoot, 'deploy', 'dist', 'single-bundle');

export async function buildSingleBundle() {
  const webpack = join(repoRoot, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  await run(
    process.execPath,
    [webpack, '--config', join(benchDir, 'single-bundle', 'webpack.config.cjs'), '--mode', 'production'],
    {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  publishBuild(join(dist, 'build'), join(dist, 'cdn', 'shell'));
  return join(dist, 'cdn');
}
