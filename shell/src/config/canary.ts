// Imports only types: the page's entry (main.js) draws the canary before the federation's shared modules exist.
import type { RemoteName, RuntimeConfig } from '@varco/federation-contract';

/** This browser's draw, 0 ≤ n < 100, kept so that a traveler stays on one version for the whole canary. */
export const CANARY_DRAW_KEY = 'varco-canary-draw';
/** A tester's choice, whatever the draw: `on` takes the candidate, `off` the current release. */
export const CANARY_OVERRIDE_KEY = 'varco-canary';
/** `?canary=on|off` on any page sets the tester's choice; `?canary=auto` clears it. */
export const CANARY_QUERY_PARAMETER = 'canary';

interface CanaryEnvironment {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  search?: string;
  random?: () => number;
}

function testerChoice(storage: NonNullable<CanaryEnvironment['storage']>, search: string): string | null {
  const asked = new URLSearchParams(search).get(CANARY_QUERY_PARAMETER);
  if (asked === 'on' || asked === 'off') storage.setItem(CANARY_OVERRIDE_KEY, asked);
  else if (asked === 'auto') storage.removeItem(CANARY_OVERRIDE_KEY);
  return storage.getItem(CANARY_OVERRIDE_KEY);
}

function draw(storage: NonNullable<CanaryEnvironment['storage']>, random: () => number): number {
  const kept = Number.parseFloat(storage.getItem(CANARY_DRAW_KEY) ?? '');
  if (kept >= 0 && kept < 100) return kept;
  const drawn = random() * 100;
  storage.setItem(CANARY_DRAW_KEY, String(drawn));
  return drawn;
}

/**
 * The manifest each remote is loaded from: its line of the runtime configuration, or the canary's candidate for the
 * browsers in the canary's share. A browser that cannot keep its draw (storage refused) stays on the current release.
 * Pure apart from the draw it keeps: the page asks once, when it reads its configuration (config/startup-config.ts).
 */
export function remoteManifests(
  config: RuntimeConfig,
  {
    storage = globalThis.localStorage,
    search = globalThis.location?.search ?? '',
    random = Math.random,
  }: CanaryEnvironment = {},
): Record<RemoteName, string> {
  const manifests = { ...config.remotes };
  const { canary } = config;
  if (!canary) return manifests;
  let inCanary = false;
  try {
    const choice = testerChoice(storage, search);
    inCanary = choice === 'on' || (choice !== 'off' && draw(storage, random) < canary.share);
  } catch {
    // no storage: no sticky draw, so no canary for this browser
  }
  if (inCanary) {
    manifests[canary.remote] = canary.manifest;
    console.info(`[federation] canary: ${canary.remote} from ${canary.manifest}`);
  }
  return manifests;
}

/**
 * The remote this browser loads from the canary's candidate (the manifests remoteManifests chose), if any: what the
 * browser's report says of each release it names.
 */
export function canaryTaken(config: RuntimeConfig, manifests: Record<RemoteName, string>): RemoteName | undefined {
  const { canary } = config;
  return canary && manifests[canary.remote] === canary.manifest ? canary.remote : undefined;
}
