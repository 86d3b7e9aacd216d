// Checked without zod on purpose: the shell's entry reads the configuration with it before the start-up code arrives,
// and zod would add its core to the first visit of every page.

export const REMOTE_NAMES = ['mfAuth', 'mfInvoices', 'mfVisa', 'mfNotifications'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

interface PerLanguage {
  it: string;
  en: string;
}

/**
 * A canary: a candidate release of one remote, served to a share (0-100 %) of browsers instead of that remote's line.
 * Each browser keeps its draw, so a traveler does not flip between versions; removing this entry ends the canary.
 */
export interface Canary {
  remote: RemoteName;
  manifest: string;
  share: number;
}

/**
 * The configuration the shell reads at start (`/config.json`, never cached): where the api is and where each
 * remote's manifest is. Shipping a remote means changing one line of it; the shell is not rebuilt.
 */
export interface RuntimeConfig {
  environment: string;
  apiBaseUrl: string;
  remotes: Record<RemoteName, string>;
  canary?: Canary;
  links: { assistance: string; accessibility: PerLanguage; privacy: PerLanguage; contacts: PerLanguage };
}

/** What `parseRuntimeConfig` answers: the configuration (unknown keys left out), or one line per problem. */
export type RuntimeConfigReading = { success: true; data: RuntimeConfig } | { success: false; issues: string[] };

const URL_OR_PATH = 'must be an http(s) URL or a path starting with /';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A URL, absolute (https://...) or a path on the page's own origin (/api). */
const isUrlOrPath = (value: string) => value.startsWith('/') || /^https?:\/\/[^\s]+$/.test(value);

/** Reads and checks a runtime configuration; each problem is named by its path (`remotes.mfVisa: ...`). */
export function parseRuntimeConfig(value: unknown): RuntimeConfigReading {
  const issues: string[] = [];
  const at = (path: string[]) => path.join('.') || '(root)';
  const record = (input: unknown, path: string[]): Record<string, unknown> => {
    if (isRecord(input)) return input;
    issues.push(`${at(path)}: expected an object`);
    return {};
  };
  const text = (input: unknown, path: string[], rule?: (value: string) => string | undefined): string => {
    if (typeof input !== 'string') issues.push(`${at(path)}: expected a string`);
    else {
      const problem = rule?.(input);
      if (problem) issues.push(`${at(path)}: ${problem}`);
    }
    return input as string;
  };
  const urlOrPath = (input: string) => (isUrlOrPath(input) ? undefined : URL_OR_PATH);
  const manifest = (input: string) =>
    urlOrPath(input) ?? (input.endsWith('/mf-manifest.json') ? undefined : 'must point to an mf-manifest.json');
  const perLanguage = (input: unknown, path: string[]): PerLanguage => {
    const languages = record(input, path);
    return { it: text(languages.it, [...path, 'it'], urlOrPath), en: text(languages.en, [...path, 'en'], urlOrPath) };
  };

  const root = record(value, []);
  const remotes = record(root.remotes, ['remotes']);
  const links = record(root.links, ['links']);
  const data: RuntimeConfig = {
    environment: text(root.environment, ['environment'], (input) =>
      input.length > 0 ? undefined : 'must not be empty',
    ),
    apiBaseUrl: text(root.apiBaseUrl, ['apiBaseUrl'], urlOrPath),
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, text(remotes[name], ['remotes', name], manifest)]),
    ) as Record<RemoteName, string>,
    links: {
      assistance: text(links.assistance, ['links', 'assistance'], urlOrPath),
      accessibility: perLanguage(links.accessibility, ['links', 'accessibility']),
      privacy: perLanguage(links.privacy, ['links', 'privacy']),
      contacts: perLanguage(links.contacts, ['links', 'contacts']),
    },
  };
  if (root.canary !== undefined) {
    const canary = record(root.canary, ['canary']);
    if (!REMOTE_NAMES.includes(canary.remote as RemoteName))
      issues.push(`canary.remote: must be one of ${REMOTE_NAMES.join(', ')}`);
    const share = canary.share;
    if (typeof share !== 'number' || !(share >= 0 && share <= 100))
      issues.push('canary.share: must be a number from 0 to 100');
    data.canary = {
      remote: canary.remote as RemoteName,
      manifest: text(canary.manifest, ['canary', 'manifest'], manifest),
      share: share as number,
    };
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data };
}
