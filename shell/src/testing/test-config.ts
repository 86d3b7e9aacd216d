import { TEST_RUNTIME_CONFIG } from '@varco/federation-contract/testing';
import { loadStartupConfig } from '../config/startup-config';

/** A valid runtime configuration for the shell's tests. */
export const TEST_CONFIG = TEST_RUNTIME_CONFIG;

// The shell's tests run as after a successful start: the page has read this configuration as its /config.json.
beforeAll(() => loadStartupConfig(async () => new Response(JSON.stringify(TEST_CONFIG))));
