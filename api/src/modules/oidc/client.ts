import * as client from 'openid-client';
import type { OidcConfig } from '../../config';
import { tracedFetch } from '../../telemetry/fetch';

/** The claims Varco asks of the digital identity provider. */
export const OIDC_SCOPE = 'openid profile email';

export interface IdentityClaims {
  sub: string;
  givenName: string;
  familyName: string;
  /** ISO day. */
  birthdate: string;
  email: string;
  fiscalNumber: string | undefined;
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The api as an OpenID Connect client of the digital identity provider: authorization code flow with PKCE (S256),
 * state and nonce. The discovery document is fetched once and kept (fetched again after a failure). An http issuer is
 * allowed only on loopback addresses (the local test provider); production requires https (config.ts).
 */
export function createOidcClient(options: OidcConfig) {
  let configuration: Promise<client.Configuration> | undefined;
  const issuer = new URL(options.issuer);
  const insecure = issuer.protocol === 'http:';
  // Every call of the configuration goes through this fetch: discovery, token, user info.
  const tracedCalls = tracedFetch();

  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(issuer, options.clientId, undefined, client.ClientSecretBasic(options.clientSecret), {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        ...(tracedCalls ? { [client.customFetch]: tracedCalls } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

  return {
    redirectUri: options.redirectUri,
    discover,

    async authorizationRequest(): Promise<AuthorizationRequest> {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: OIDC_SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * The callback: `query` is the callback's query string. Checks the state, exchanges the code with the PKCE verifier,
     * checks the ID token (signature, issuer, audience, expiry, nonce), then reads the claims (user info over ID token).
     */
    async complete(
      query: string,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<IdentityClaims> {
      const config = await discover();
      const currentUrl = new URL(options.redirectUri);
      currentUrl.search = query;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      const claims: Record<string, unknown> = { ...idClaims, ...userInfo };
      return {
        sub: idClaims.sub,
        givenName: text(claims.given_name),
        familyName: text(claims.family_name),
        birthdate: text(claims.birthdate),
        email: text(claims.email),
        fiscalNumber: text(claims.fiscal_number) || undefined,
      };
    },

    /** The provider's logout page, back to `postLogoutRedirectUri` with `state` (the site root) afterwards. */
    async endSessionUrl(postLogoutRedirectUri: string, state: string): Promise<URL | undefined> {
      const config = await discover();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, { post_logout_redirect_uri: postLogoutRedirectUri, state });
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
