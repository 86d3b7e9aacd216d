// Runs the built portal on this machine: the mail catcher (unless SMTP_URL names a real server), the api (embedded
// PostgreSQL unless DATABASE_URL is set) and the local CDN that serves the shell and the remotes. Ctrl+C stops
// everything. The api creates the demo traveler at start (SEED_DEMO=true; SEED_DEMO=false to skip it): the seed runs
// inside the api because embedded PGlite allows one process per data folder.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startIdentityProvider } from '../deploy/identity-provider/server.mjs';
import { startCdn } from '../deploy/local-cdn/server.mjs';
import { startMailCatcher } from '../deploy/mail-catcher/server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.API_PORT ?? 3000);
const shellPort = Number(process.env.SHELL_PORT ?? 8080);
const hostname = process.env.CDN_HOSTNAME ?? 'localhost';
const portalUrl = `http://${hostname}:${shellPort}`;

async function waitForApi(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The api did not become ready at ${url} within ${timeoutMs / 1000} s`);
}

// Started before the api, so that the first mail (an activation) finds it listening. A real SMTP_URL wins.
const catcher = process.env.SMTP_URL
  ? undefined
  : await startMailCatcher({
      smtpPort: Number(process.env.SMTP_PORT ?? 1025),
      httpPort: Number(process.env.INBOX_PORT ?? 8025),
    });
const smtpUrl = process.env.SMTP_URL ?? catcher.smtpUrl;

// The test digital identity provider (SPID), unless OIDC_ISSUER names a real one. The api's callback is reached
// through the portal's origin, as the browser sees it.
const oidcRedirectUri = `${portalUrl}/api/v1/auth/spid/callback`;
const identityProvider = process.env.OIDC_ISSUER
  ? undefined
  : await startIdentityProvider({
      port: Number(process.env.IDP_PORT ?? 8090),
      redirectUris: [oidcRedirectUri],
      postLogoutRedirectUris: [portalUrl],
    });
const oidcEnv = identityProvider
  ? {
      OIDC_ISSUER: identityProvider.issuer,
      OIDC_CLIENT_ID: identityProvider.clientId,
      OIDC_CLIENT_SECRET: identityProvider.clientSecret,
      OIDC_REDIRECT_URI: oidcRedirectUri,
    }
  : {};

const api = spawn(process.execPath, [join(root, 'api/dist/server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  // Warnings and errors only: the addresses below say that it runs, and the portal polls the api all the time.
  env: {
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...process.env,
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: portalUrl,
    CORS_ORIGINS: portalUrl,
    SMTP_URL: smtpUrl,
    ...oidcEnv,
  },
});
api.on('exit', (code) => {
  console.error(`The api stopped (exit code ${code}).`);
  process.exit(code ?? 1);
});

const apiUrl = `http://127.0.0.1:${apiPort}`;
await waitForApi(apiUrl);
const cdn = await startCdn({ shellPort, hostname, apiUrl });

console.log('');
console.log(`Varco is running on Node.js ${process.version}: open ${portalUrl}`);
console.log(`  ${'api'.padEnd(18)}${apiUrl}  (OpenAPI: ${apiUrl}/api/docs)`);
for (const [name, origin] of Object.entries(cdn.origins))
  if (name !== 'shell') console.log(`  ${name.padEnd(18)}${origin}`);
if (catcher)
  console.log(
    `  ${'mail inbox'.padEnd(18)}${catcher.inboxUrl}  (SMTP: ${catcher.smtpUrl}; Italiano: ${catcher.inboxUrl}/?lng=it)`,
  );
if (identityProvider)
  console.log(
    `  ${'identity provider'.padEnd(18)}${identityProvider.issuer}  (test SPID identities: Sign in with the digital identity)`,
  );
if ((process.env.SEED_DEMO ?? 'true') === 'true') {
  console.log(
    `  ${'demo traveler'.padEnd(18)}mario.rossi@example.com / Varco-Demo-2026!  (invoices in every state; the sign-in code arrives in the mail inbox)`,
  );
  console.log(`  ${'demo traveler'.padEnd(18)}emily.clark@example.com / Varco-Demo-2026!  (no invoices yet)`);
  console.log(
    `  ${'demo traveler'.padEnd(18)}aiko.tanaka@example.com / Varco-Demo-2026!  (a pending request and a clean history: its QR scores green at the kiosk)`,
  );
  console.log(
    `  ${'exit point'.padEnd(18)}npm run kiosk -- scan <QR image or token>  (kiosk xk_demo_kiosk_malpensa; officer: --officer)`,
  );
  console.log(
    `  ${''.padEnd(18)}green channel: sign in as aiko.tanaka@example.com, open her pending request, save its QR image and scan it;`,
  );
  console.log(`  ${''.padEnd(18)}mario.rossi@example.com's history of customs checks gives yellow or red`);
  console.log(
    `  ${'merchant keys'.padEnd(18)}x-api-key vk_demo_boutique_milano (vendor), vk_demo_tax_refund_italia (broker): POST ${apiUrl}/api/v1/merchant/invoices`,
  );
}
console.log('Press Ctrl+C to stop.');

const stop = async () => {
  await cdn.close();
  await catcher?.close();
  await identityProvider?.close();
  api.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
