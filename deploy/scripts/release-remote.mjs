// Releases one remote alone, as its team does: runs that remote's own checks (type check, which ties its exposes to
// the contract, lint, tests), builds it, and publishes the build at <cdn root>/<remote>/<version>/ beside the versions
// already there. Nothing else is built or touched: not the shell, not the other remotes, not the runtime
// configuration (shipping is changing that remote's line of it; deploy/README.md "Releasing a remote").
// Usage, from the repository root:
//   npm run release --workspace @varco/mf-invoices -- --version 0.2.0 [--cdn-root DIR] [--skip-checks] [--replace]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTES, REPO_ROOT } from '../apps.mjs';
import { CDN_ROOT, publishBuild } from './assemble.mjs';

const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

function run(command, args, cwd, env = {}) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${[command, ...args].join(' ')} in ${cwd} exited with ${code}`)),
    );
  });
}

/** npm as the caller ran it (an npm script knows its own npm), so that checks run on the project's Node.js too. */
function npm(args, cwd) {
  const npmCli = process.env.npm_execpath;
  return npmCli ? run(process.execPath, [npmCli, ...args], cwd) : run('npm', args, cwd);
}

/** The remote whose folder (or a copy of it) is `appDir`, from the name in its package.json. */
export function remoteOfApp(appDir) {
  const { name } = JSON.parse(readFileSync(join(appDir, 'package.json'), 'utf8'));
  const remote = REMOTES.find((candidate) => name === `@varco/${candidate.folder}`);
  if (!remote)
    throw new Error(
      `${name} is not a remote: only ${REMOTES.map((item) => `@varco/${item.folder}`).join(', ')} are released this way`,
    );
  return remote;
}

/**
 * @param {object} options
 * @param {string} options.appDir the remote's folder
 * @param {string} options.version the version to publish (semver); its folder must not exist yet unless `replace`
 * @param {string} [options.cdnRoot] the CDN tree to publish into (deploy/dist/cdn by default)
 * @param {boolean} [options.checks] run the remote's type check, lint and tests first (default true)
 * @param {boolean} [options.replace] publish over an existing folder of that version
 * @returns {Promise<{ remote: string, target: string, manifestPath: string }>}
 */
export async function releaseRemote({ appDir, version, cdnRoot = CDN_ROOT, checks = true, replace = false }) {
  if (!version || !SEMVER.test(version))
    throw new Error(`--version must be a semantic version such as 0.2.0 (got ${version ?? 'nothing'})`);
  const remote = remoteOfApp(appDir);
  const target = join(cdnRoot, remote.folder, version);
  // A published folder is immutable: browsers cache its hashed chunks for a year, and a config may point at it.
  if (existsSync(target) && !replace)
    throw new Error(
      `${remote.folder} ${version} is already published at ${target}: release a new version (or pass --replace for a folder nothing uses yet)`,
    );
  if (checks) {
    for (const script of ['typecheck', 'lint', 'test']) await npm(['run', '--silent', script], appDir);
  }
  const output = mkdtempSync(join(tmpdir(), `varco-release-${remote.folder}-`));
  try {
    // Built outside the app's dist/ so that a release does not change what `npm run build` assembled.
    await run(
      process.execPath,
      [join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', output],
      appDir,
      {
        NODE_ENV: 'production',
        MF_BUILD_VERSION: version,
      },
    );
    publishBuild(output, target);
  } finally {
    rmSync(output, { recursive: true, force: true });
  }
  return { remote: remote.name, target, manifestPath: `/${remote.folder}/${version}/mf-manifest.json` };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      version: { type: 'string' },
      'cdn-root': { type: 'string' },
      'skip-checks': { type: 'boolean' },
      replace: { type: 'boolean' },
      app: { type: 'string' },
    },
  });
  try {
    const appDir = resolve(values.app ?? process.cwd());
    const release = await releaseRemote({
      appDir,
      version: values.version,
      cdnRoot: values['cdn-root'] ? resolve(values['cdn-root']) : CDN_ROOT,
      checks: !values['skip-checks'],
      replace: values.replace,
    });
    console.log(`Published ${release.remote} ${values.version} at ${release.target}`);
    console.log(
      `Ship it: set "remotes.${release.remote}" of the environment's runtime configuration to <CDN origin>${release.manifestPath}`,
    );
    console.log(
      `Or canary it: "canary": { "remote": "${release.remote}", "manifest": "<CDN origin>${release.manifestPath}", "share": 10 }`,
    );
  } catch (error) {
    console.error(`Release failed: ${error.message}`);
    process.exit(1);
  }
}
