import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CDN_ROOT } from '../../deploy/scripts/assemble.mjs';
import { releaseRemote } from '../../deploy/scripts/release-remote.mjs';

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
  /** Builds against a copy of @varco/contracts carrying this version, as a team on another contract would. */
  contractsVersion?: string;
}

/**
 * Releases a variant of a remote with its release command, from a copy of its sources in a temporary folder (so the
 * repository is not changed): the copy resolves the repository's packages through a linked node_modules. The
 * remote's own checks are skipped: they check the repository's sources, which the variant only copies.
 */
export async function releaseVariant({ folder, version, cdnRoot, edit, contractsVersion }: VariantOptions): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), `varco-e2e-${folder}-`));
  try {
    symlinkSync(join(repoRoot, 'node_modules'), join(work, 'node_modules'), 'dir');
    const appDir = join(work, folder);
    cpSync(join(repoRoot, folder), appDir, { recursive: true, filter: (path) => !/[\\/](dist|node_modules)$/.test(path) });
    edit?.(appDir);
    if (contractsVersion) {
      // Outside any node_modules folder (the build compiles it from source only there), linked from the remote's.
      const contracts = join(work, 'contracts');
      cpSync(join(repoRoot, 'shared', 'contracts'), contracts, { recursive: true, filter: (path) => !/[\\/]node_modules$/.test(path) });
      const packageJson = JSON.parse(readFileSync(join(contracts, 'package.json'), 'utf8'));
      writeFileSync(join(contracts, 'package.json'), JSON.stringify({ ...packageJson, version: contractsVersion }));
      mkdirSync(join(appDir, 'node_modules', '@varco'), { recursive: true });
      symlinkSync(contracts, join(appDir, 'node_modules', '@varco', 'contracts'), 'dir');
    }
    const { manifestPath } = await releaseRemote({ appDir, version, cdnRoot, checks: false });
    return manifestPath;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
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
