export interface TestIdentity {
  sub: string;
  fiscal_number: string;
  given_name: string;
  family_name: string;
  /** ISO day. */
  birthdate: string;
  email: string;
}

export interface IdentityProvider {
  /** http://127.0.0.1:<port> */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  identities: TestIdentity[];
  close(): Promise<void>;
}

export const DEFAULT_CLIENT: { clientId: string; clientSecret: string };
export const TEST_IDENTITIES: TestIdentity[];

export function startIdentityProvider(options: {
  port?: number;
  host?: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  clientId?: string;
  clientSecret?: string;
  identities?: TestIdentity[];
}): Promise<IdentityProvider>;
