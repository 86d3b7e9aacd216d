// Imported through the package's own name, not './plain': the apps share `@varco/contracts/plain` as a singleton of
// its own, and a relative import would bundle a second copy of it inside this module.
export * from '@varco/contracts/plain';
export * from './text';
export * from './ids';
export * from './errors';
export * from './language-schemas';
export * from './typology';
export * from './traveler';
export * from './account-schemas';
export * from './invoices';
export * from './visa';
export * from './notifications';
export * from './passkeys';
export * from './beacons';
