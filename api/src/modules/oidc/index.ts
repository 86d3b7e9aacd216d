// The oidc module's face (api/README.md, "Modules"): the api as a client of the digital identity provider. Below
// both spid (the sign-in) and auth (the provider's logout page at sign-out), so neither imports the other for it.
export { createOidcClient, type IdentityClaims, type OidcClient } from './client';
