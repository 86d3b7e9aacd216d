// Lays the builds out as the CDN serves them: deploy/dist/cdn/shell/ and deploy/dist/cdn/<remote>/<version>/,
// with gzip and brotli copies next to every text file (a CDN sends those to browsers that accept them).
// Usage: node scripts/assemble.mjs [--env staging|production]   (local: the local CDN writes config.json itself)
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { REMOTES, REPO_ROOT, SHELL, remotePath } from '../apps.mjs';

export const CDN_ROOT = join(REPO_ROOT, 'deploy', 'dist', 'cdn');
const COMPRESSIBLE = /\.(js|css|html|json|webmanifest|svg|txt)$/;

function compressTree(folder) {
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) compressTree(path);
    else if (COMPRESSIBLE.test(entry)) {
      const content = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

/** Copies a build (without its source maps and build statistics) to its CDN folder, with compressed copies. */
export function publishBuild(source, target) {
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  cpSync(source, target, {
    recursive: true,
    filter: (path) => !path.endsWith('.map') && !path.endsWith('mf-manifest-stats.json'),
  });
  compressTree(target);
}

function copyBuild(folder, target) {
  const source = join(REPO_ROOT, folder, 'dist');
  if (!existsSync(source)) throw new Error(`${folder} has no build: run npm run build first`);
  publishBuild(source, target);
}

export function assemble({ environment } = {}) {
  const shellTarget = join(CDN_ROOT, SHELL.folder);
  copyBuild(SHELL.folder, shellTarget);
  for (const remote of REMOTES)
    copyBuild(remote.folder, join(CDN_ROOT, remote.folder, ...remotePath(remote).split('/').slice(2)));
  if (environment && environment !== 'local') {
    const config = readFileSync(join(REPO_ROOT, 'deploy', 'environments', `${environment}.json`));
    writeFileSync(join(shellTarget, 'config.json'), config);
    compressTree(shellTarget);
  }
  return CDN_ROOT;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const envIndex = process.argv.indexOf('--env');
  const environment = envIndex > 0 ? process.argv[envIndex + 1] : 'local';
  console.log(`CDN layout (${environment}) written to ${assemble({ environment })}`);
}
