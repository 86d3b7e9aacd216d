// The claims module's face (api/README.md, "Modules"): the traveler's calls and the merchants' ones.
export { claimRoutes, merchantClaimRoutes } from './routes';
// The shapes the OpenAPI document names (src/openapi/components.ts).
export { merchantClaimSchema } from './schemas';
