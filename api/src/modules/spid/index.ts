// The spid module's face (api/README.md, "Modules"): the sign-in with a digital identity (OpenID Connect).
export { spidIdentityRoutes, spidPrivateRoutes } from './routes';
