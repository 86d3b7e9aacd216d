import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCdn, type Cdn } from '../../deploy/local-cdn/server.mjs';
import { CDN_ROOT } from '../../deploy/scripts/assemble.mjs';
import { releaseRemote } from '../../deploy/scripts/release-remote.mjs';
import { E2E_API_URL, E2E_SPARE_SHELL_PORT } from './ports';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A copy of the built CDN tree in a temporary folder, for a test that publishes into it: the CDN the other specs use
 * is never written to.
 */
export function copyOfCdn(): string {
  const root = mkdtempSync(join(tmpdir(), 'varco-e2e-cdn-'));
  cpSync(CDN_ROOT, root, { recursive: true });
  return root;
}

/**
 * Publishes in the CDN tree `root` the files of the release `from` of the remote in `folder` again as release `version`
 * (nothing is built); `change` may edit its manifest before it is written.
 */
export function publishCopy(
  root: string,
  folder: string,
  from: string,
  version: string,
  change: (manifest: { metaData: { contract: { version: string } } }) => void = () => {},
): void {
  const release = join(root, folder, version);
  cpSync(join(root, folder, from), release, { recursive: true });
  const manifestFile = join(release, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.buildInfo.buildVersion = version;
  change(manifest);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  // The CDN would serve its precompressed copies, which still say the release copied.
  for (const compressed of ['.br', '.gz']) rmSync(`${manifestFile}${compressed}`, { force: true });
}

/**
 * Publishes in the CDN tree `root` a release `version` of the remote in `folder` that speaks the next contract major:
 * the files of its release `from`, with the manifest's version and the contract it publishes changed (nothing is built).
 */
export function publishNextContractMajor(root: string, folder: string, from: string, version: string): void {
  publishCopy(root, folder, from, version, ({ metaData: { contract } }) => {
    contract.version = `${Number(contract.version.split('.')[0]) + 1}.0.0`;
  });
}

/** The SHA-256 of every file under `root`, by path relative to it, leaving out the folders `except` (relative). */
export function hashTree(root: string, except: string[] = []): Record<string, string> {
  const hashes: Record<string, string> = {};
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      const name = relative(root, path);
      if (except.includes(name)) continue;
      if (statSync(path).isDirectory()) visit(path);
      else hashes[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  visit(root);
  return hashes;
}

export interface VariantOptions {
  /** The remote's folder, e.g. mf-invoices. */
  folder: string;
  version: string;
  /** Where to publish it (a copy of the CDN tree). */
  cdnRoot: string;
  /** Changes the copy of the remote's sources before the build, as its team would. */
  edit?: (appDir: string) => void;
  /**
   * Builds with a copy of a package installed for the remote alone, carrying another version, as a team that upgraded
   * it in its own package.json would (the version its build publishes is the one installed for it): a shared library,
   * or one of ours (`@varco/federation-contract`: a team on another contract).
   */
  library?: { name: string; version: string };
  /** Runs the remote's own checks (type check, lint, tests) first, as its team's release does. */
  checks?: boolean;
}

/** What a remote's own checks read from the repository's root (the base TypeScript, lint and jest configurations). */
const CHECK_FILES = ['tsconfig.base.json', 'types', 'scripts', 'jest.config.cjs', 'eslint.config.mjs'];

/**
 * A copy of the package `name` as the repository installs it (a workspace package's own folder, not its link), whose
 * package.json says `version`, linked as `appDir`'s own `name`.
 */
function installCopy(work: string, appDir: string, name: string, version: string): void {
  const copy = join(work, 'installed', name);
  cpSync(realpathSync(join(repoRoot, 'node_modules', name)), copy, {
    recursive: true,
    filter: (path) => !/[\\/]node_modules$/.test(path),
  });
  const packageJson = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8'));
  writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...packageJson, version }));
  mkdirSync(dirname(join(appDir, 'node_modules', name)), { recursive: true });
  symlinkSync(copy, join(appDir, 'node_modules', name), 'dir');
}

/**
 * Releases a variant of a remote with its release command, from a copy of its sources in a temporary folder (so the
 * repository is not changed): the copy resolves the repository's packages through a linked node_modules. With
 * `checks`, the remote's own type check, lint and tests run on the copy first, with the root's configurations linked.
 */
export async function releaseVariant({
  folder,
  version,
  cdnRoot,
  edit,
  library,
  checks = false,
}: VariantOptions): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), `varco-e2e-${folder}-`));
  try {
    symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'), 'dir');
    if (checks) for (const file of CHECK_FILES) symlinkSync(join(repoRoot, file), join(work, file));
    const appDir = join(work, folder);
    cpSync(join(repoRoot, folder), appDir, {
      recursive: true,
      filter: (path) => !/[\\/](dist|node_modules)$/.test(path),
    });
    edit?.(appDir);
    // Outside any node_modules folder (the build compiles our packages from source only there), linked from the remote's.
    if (library) installCopy(work, appDir, library.name, library.version);
    const { manifestPath } = await releaseRemote({ appDir, version, cdnRoot, checks });
    return manifestPath;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A second CDN, on the spare shell port, serving a copy of the built tree into which a variant of a remote is released,
 * with the runtime configuration switched to it (`remote`: the remote's key there, e.g. mfInvoices). Its `close` also
 * removes the copy.
 */
export async function serveVariant(remote: string, variant: Omit<VariantOptions, 'cdnRoot'>): Promise<Cdn> {
  const root = copyOfCdn();
  const removeCopy = () => rmSync(root, { recursive: true, force: true });
  try {
    const manifestPath = await releaseVariant({ ...variant, cdnRoot: root });
    const cdn = await startCdn({ root, shellPort: E2E_SPARE_SHELL_PORT, apiUrl: E2E_API_URL });
    cdn.config.remotes[remote] = `${cdn.origins[remote]}${manifestPath}`;
    return { ...cdn, close: () => cdn.close().finally(removeCopy) };
  } catch (error) {
    removeCopy();
    throw error;
  }
}

/** Writes a file of a copied remote, as its team adds one. */
export function addFile(appDir: string, file: string, text: string): void {
  mkdirSync(dirname(join(appDir, file)), { recursive: true });
  writeFileSync(join(appDir, file), text);
}

/** Adds texts to a JSON translation file of a copied remote, under `key`. */
export function addTexts(appDir: string, file: string, key: string, texts: Record<string, string>): void {
  const target = join(appDir, file);
  writeFileSync(target, JSON.stringify({ ...JSON.parse(readFileSync(target, 'utf8')), [key]: texts }, null, 2));
}

/** Replaces a text in a JSON translation file of a copied remote, keeping its keys. */
export function retitle(appDir: string, file: string, path: string[], text: string): void {
  const target = join(appDir, file);
  const messages = JSON.parse(readFileSync(target, 'utf8'));
  let node = messages;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)!] = text;
  writeFileSync(target, JSON.stringify(messages, null, 2));
}

/**
 * What a page shows of a refused remote: the shell's console lines saying why a remote is not mounted, and the scripts
 * downloaded from the remote's folder (none, when it is refused from its manifest).
 */
export function watchRefusal(page: Page, folder: string): { refusals: string[]; scripts: string[] } {
  const seen = { refusals: [] as string[], scripts: [] as string[] };
  page.on('console', (message) => {
    if (message.text().includes('is not mounted')) seen.refusals.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().includes(`/${folder}/`) && request.url().endsWith('.js')) seen.scripts.push(request.url());
  });
  return seen;
}
