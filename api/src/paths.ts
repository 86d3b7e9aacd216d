import { fileURLToPath } from 'node:url';

/*
 * Folders found relative to this module. It sits directly in `src/`, and the bundles sit directly in `dist/`, so one
 * level up is the api package in both cases: the same code finds them whether the api runs from source (tsx) or
 * from `dist/server.mjs`.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations/', import.meta.url));
/** `<repo>/.data/pglite`: the embedded database of a developer machine, ignored by git. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../.data/pglite', import.meta.url));
