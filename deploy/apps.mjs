// The apps the CDN hosts: the shell at the root of its origin, each remote under /<folder>/<version>/.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export const SHELL = { folder: 'shell', port: 8080 };

/** Remote name (as in the runtime configuration) → folder and the port of its local CDN origin. */
export const REMOTES = [
  { name: 'mfAuth', folder: 'mf-auth', port: 8081 },
  { name: 'mfInvoices', folder: 'mf-invoices', port: 8082 },
  { name: 'mfVisa', folder: 'mf-visa', port: 8083 },
  { name: 'mfNotifications', folder: 'mf-notifications', port: 8084 },
];

export function versionOf(folder) {
  return JSON.parse(readFileSync(join(REPO_ROOT, folder, 'package.json'), 'utf8')).version;
}

/** Where a remote's build lives on the CDN: one folder per version, so releases sit side by side. */
export function remotePath(remote) {
  return `/${remote.folder}/${versionOf(remote.folder)}`;
}
