import type { RuntimeConfig } from '@varco/contracts';

let current: RuntimeConfig | undefined;

/** Kept once validated at start, for the parts of the shell that load later. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is read at start, before anything asks for it.');
  return current;
}
