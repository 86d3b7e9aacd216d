import { parseRuntimeConfig, type RuntimeConfig } from '@varco/contracts/plain';
import { RUNTIME_CONFIG_PATH, requestRuntimeConfig, takeRuntimeConfigRequest } from './config-request';

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/**
 * Reads the environment's runtime configuration (the request the entry started, or a new one), never from a cache,
 * and validates it.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let raw: unknown;
  try {
    const response = await (takeRuntimeConfigRequest() ?? requestRuntimeConfig(fetchImpl));
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
