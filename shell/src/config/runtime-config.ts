// Imports no shared module: the page's entry (main.js) reads the configuration before the federation's shared modules
// exist, so the check comes from @varco/federation-contract, which is compiled into the shell.
import { parseRuntimeConfig, type RuntimeConfig } from '@varco/federation-contract';

export const RUNTIME_CONFIG_PATH = '/config.json';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Reads the environment's runtime configuration, never from a cache, and validates it. */
export async function readRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let raw: unknown;
  try {
    const response = await fetchImpl(RUNTIME_CONFIG_PATH, { cache: 'no-store' });
    if (!response.ok) throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} answered ${response.status}`);
    raw = await response.json();
  } catch (error) {
    if (error instanceof RuntimeConfigError) throw error;
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} could not be read: ${String(error)}`);
  }
  const parsed = parseRuntimeConfig(raw);
  if (!parsed.success) throw new RuntimeConfigError(`${RUNTIME_CONFIG_PATH} is not valid: ${parsed.issues.join('; ')}`);
  return parsed.data;
}
