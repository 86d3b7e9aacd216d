// The passkeys module's face (api/README.md, "Modules").
export { passkeyIdentityRoutes, passkeyPrivateRoutes } from './routes';
export { countPasskeys } from './service';
