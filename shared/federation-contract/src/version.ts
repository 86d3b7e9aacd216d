import packageJson from '../package.json';

/**
 * The contract version: this package's own. A remote publishes the version it was built against, and the shell compares
 * it with the one it was built with.
 */
export const CONTRACT_VERSION: string = packageJson.version;
