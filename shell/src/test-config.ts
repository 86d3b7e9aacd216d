import { TEST_RUNTIME_CONFIG } from '@varco/contracts/testing';
import { setRuntimeConfig } from './config/current-config';

/** A valid runtime configuration for the shell's tests. */
export const TEST_CONFIG = TEST_RUNTIME_CONFIG;

// The shell's tests run as after a successful start.
setRuntimeConfig(TEST_CONFIG);
