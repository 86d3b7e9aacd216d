// For tests of other modules only (api/README.md, "Modules"): the account keys (activation, reset) as stored.
export { accountKeyQueries } from './repository';
