// `@varco/contracts/plain`: the half of the contracts without a schema — constants, state codes, rules. It never
// imports zod, so what the first paint needs of the contracts (the shell, @varco/i18n, @varco/ui) costs no zod; it is
// shared as a singleton of its own, and `@varco/contracts` re-exports it, so each rule still has one source.
export * from './constants';
export * from './id-range';
export * from './language';
export * from './states';
export * from './account-rules';
export * from './api-paths';
export * from './first-screen-calls';
export * from './travel-rules';
export * from './rome-calendar';
// The error every call fails with, and its readers: @varco/ui shows a server's detail without the http client.
export * from './client-error';
export * from './beacon-labels';
