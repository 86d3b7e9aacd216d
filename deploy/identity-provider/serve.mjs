// Runs the test identity provider alone: node identity-provider/serve.mjs
// IDP_PORT (8090), REDIRECT_URI (http://localhost:8080/api/v1/auth/spid/callback), POST_LOGOUT_REDIRECT_URI
// (http://localhost:8080) may be set.
import { startIdentityProvider } from './server.mjs';

const portal = process.env.PUBLIC_BASE_URL ?? 'http://localhost:8080';
const provider = await startIdentityProvider({
  port: Number(process.env.IDP_PORT ?? 8090),
  redirectUris: [process.env.REDIRECT_URI ?? `${portal}/api/v1/auth/spid/callback`],
  postLogoutRedirectUris: [process.env.POST_LOGOUT_REDIRECT_URI ?? portal],
});
console.log(`Test identity provider: ${provider.issuer} (client ${provider.clientId} / ${provider.clientSecret})`);
const stop = () => provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
