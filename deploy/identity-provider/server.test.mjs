/**
 * @jest-environment node
 */
// Node's environment: real Node http and crypto. oidc-provider is ESM only and jest loads modules as CommonJS, so the
// provider runs as its CLI (serve.mjs) in a child process, which also checks the CLI.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DEFAULT_CLIENT, TEST_IDENTITIES } from './identities.mjs';

const REDIRECT_URI = 'http://localhost:8080/api/v1/auth/spid/callback';
const provider = { issuer: '', ...DEFAULT_CLIENT };
let child;

beforeAll(async () => {
  child = spawn(process.execPath, [join(__dirname, 'serve.mjs')], {
    env: { ...process.env, IDP_PORT: '0', REDIRECT_URI, POST_LOGOUT_REDIRECT_URI: 'http://localhost:8080' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  provider.issuer = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Test identity provider: (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}`)));
  });
}, 20_000);

afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
});

/** A browser in miniature: follows nothing by itself, keeps the provider's cookies. */
function browser() {
  const jar = new Map();
  return async (url, init = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      jar.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
}

function authorizationUrl(discovery, { state, verifier, nonce = 'n-1' }) {
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url;
}

describe('test identity provider', () => {
  it('publishes its discovery document with PKCE and end_session', async () => {
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = await response.json();
    expect(discovery.issuer).toBe(provider.issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.end_session_endpoint).toBe(`${provider.issuer}/session/end`);
    expect(discovery.claims_supported).toEqual(
      expect.arrayContaining(['given_name', 'family_name', 'birthdate', 'email', 'fiscal_number']),
    );
  });

  it('refuses an authorization request without PKCE', async () => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    const url = authorizationUrl(discovery, { state: 's', verifier: 'v'.repeat(43) });
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/error=invalid_request/);
  });

  it('signs a chosen identity in on its bilingual page and gives its claims to the client', async () => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    const go = browser();
    const verifier = randomBytes(32).toString('base64url');
    let response = await go(authorizationUrl(discovery, { state: 'state-1', verifier }));
    expect(response.status).toBe(303);
    const interactionUrl = new URL(response.headers.get('location'), provider.issuer);
    const italian = await (await go(`${interactionUrl}?lng=it`)).text();
    expect(italian).toContain('<html lang="it">');
    expect(italian).toContain('Scegli');
    const english = await (await go(interactionUrl)).text();
    expect(english).toContain('Pick a test identity');
    const identity = TEST_IDENTITIES[1];
    expect(english).toContain(identity.fiscal_number);

    response = await go(interactionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ identity: identity.sub, consent: 'yes', action: 'login' }).toString(),
    });
    // Back to the authorization endpoint, which answers the client's redirect URI with the code.
    while (
      response.status >= 300 &&
      response.status < 400 &&
      !response.headers.get('location').startsWith(REDIRECT_URI)
    ) {
      response = await go(new URL(response.headers.get('location'), provider.issuer));
    }
    const callback = new URL(response.headers.get('location'));
    expect(callback.searchParams.get('state')).toBe('state-1');
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${provider.clientId}:${provider.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const tokens = await token.json();
    const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({
      iss: provider.issuer,
      aud: provider.clientId,
      nonce: 'n-1',
      sub: identity.sub,
      ...identity,
    });

    const userinfo = await (
      await fetch(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json();
    expect(userinfo).toMatchObject(identity);
  });

  it('sends a cancelled sign-in back with access_denied', async () => {
    const discovery = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
    const go = browser();
    let response = await go(
      authorizationUrl(discovery, { state: 'state-2', verifier: randomBytes(32).toString('base64url') }),
    );
    const interactionUrl = new URL(response.headers.get('location'), provider.issuer);
    await go(interactionUrl);
    response = await go(interactionUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=cancel',
    });
    while (!response.headers.get('location').startsWith(REDIRECT_URI))
      response = await go(new URL(response.headers.get('location'), provider.issuer));
    const callback = new URL(response.headers.get('location'));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('state-2');
  });

  it('ends the session and returns to a registered post-logout URI', async () => {
    const url = new URL(`${provider.issuer}/session/end`);
    url.search = new URLSearchParams({
      client_id: provider.clientId,
      post_logout_redirect_uri: 'http://localhost:8080',
      state: 'http://localhost:8080/',
    }).toString();
    const go = browser();
    const response = await go(url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('/session/end/confirm');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)[1];
    const confirm = await go(`${provider.issuer}/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe('http://localhost:8080/?state=http%3A%2F%2Flocalhost%3A8080%2F');
  });
});
