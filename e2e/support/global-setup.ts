import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIdentityProvider } from '../../deploy/identity-provider/server.mjs';
import { startCdn } from '../../deploy/local-cdn/server.mjs';
import { startMailCatcher } from '../../deploy/mail-catcher/server.mjs';
import { CAPTCHA_TEST_ANSWER, E2E_API_PORT, E2E_API_URL, E2E_FREE_REMOTE_PORTS, E2E_SHELL_PORT } from './ports';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitUntilReady(url: string, api: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`The api exited with code ${api.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The api was not ready at ${url} after ${timeoutMs / 1000} s`);
}

/**
 * The real portal for the browser tests: a mail catcher on free ports (the tests read the sign-in codes from it), the
 * test digital identity provider on a free port, the
 * built api on a fresh database (embedded PostgreSQL in a temporary folder, or the server named by E2E_DATABASE_URL)
 * with the demo traveler seeded at start (`SEED_DEMO`), and the local CDN serving the built shell and remotes.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  // Set here, read by the tests (workers inherit the environment of the global setup).
  process.env.E2E_INBOX_URL = catcher.inboxUrl;
  const dataDir = mkdtempSync(join(tmpdir(), 'varco-e2e-'));
  const portalUrl = `http://localhost:${E2E_SHELL_PORT}`;
  // The test digital identity provider on a free port; the api's callback goes through the portal's origin.
  const oidcRedirectUri = `${portalUrl}/api/v1/auth/spid/callback`;
  const identityProvider = await startIdentityProvider({ port: 0, redirectUris: [oidcRedirectUri], postLogoutRedirectUris: [portalUrl] });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(E2E_API_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: portalUrl,
    CORS_ORIGINS: portalUrl,
    LOG_LEVEL: 'warn',
    SMTP_URL: catcher.smtpUrl,
    SEED_DEMO: 'true',
    // Every test signs in through the same proxy address: the production limit (60 a minute) would refuse them.
    LOGIN_RATE_LIMIT_MAX: '1000',
    // The specs sign the demo traveler in many times an hour (an OTP mail each) and try wrong passwords and codes on
    // it: the per-account limits of production (api README "Abuse limits") would lock it for the rest of the run.
    ACCOUNT_SIGNIN_FAILURES: '1000',
    ACCOUNT_MAILS_PER_HOUR: '1000',
    ACCOUNT_OTP_MAILS_PER_HOUR: '1000',
    // No random customs check: the journeys expect the light their amounts give.
    RISK_SAMPLE_RATE: '0',
    // The registration journeys solve the captcha with this answer (the api refuses it in production).
    CAPTCHA_TEST_ANSWER,
    OIDC_ISSUER: identityProvider.issuer,
    OIDC_CLIENT_ID: identityProvider.clientId,
    OIDC_CLIENT_SECRET: identityProvider.clientSecret,
    OIDC_REDIRECT_URI: oidcRedirectUri,
  };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  else delete env.DATABASE_URL;
  const api = spawn(process.execPath, [join(repoRoot, 'api/dist/server.mjs')], { cwd: repoRoot, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitUntilReady(E2E_API_URL, api);
  const cdn = await startCdn({ shellPort: E2E_SHELL_PORT, freeRemotePorts: E2E_FREE_REMOTE_PORTS, apiUrl: E2E_API_URL });
  return async () => {
    await cdn.close();
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    await catcher.close();
    await identityProvider.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
