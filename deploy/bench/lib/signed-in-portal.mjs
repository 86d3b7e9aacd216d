// The portal with the real api behind it, for the front-end benches that need a real signed-in traveler: the mail
// catcher, the built api on embedded PostgreSQL in a temporary folder with the demo travelers seeded (as the browser
// tests run it: e2e/support/global-setup.ts), and one local CDN per tree, each passing /api to that api on its own
// origin as the production web server does. A traveler signs in as a person does, password then the code mailed, as
// the browser tests' traveler does (deploy/mail-catcher/sign-in-page.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCdn } from '../../local-cdn/server.mjs';
import { startMailCatcher } from '../../mail-catcher/server.mjs';
import { DEMO_CREDENTIALS, signInWithMailedCode } from '../../mail-catcher/sign-in-page.mjs';
import { serverDir } from './bench-database.mjs';
import { freePort, startServer, waitForOk } from './processes.mjs';

/**
 * Starts the api and a portal for each CDN tree of `roots` ({ name: folder }, a folder undefined for
 * deploy/dist/cdn), every origin on a free port. Returns `{ portals: { name: url }, signedIn(browser, name), close() }`;
 * `signedIn` signs the demo traveler in on that portal and gives the browser state (its cookie and saved session)
 * that a new context starts from.
 */
export async function startPortalsWithApi(roots, { log = console.log } = {}) {
  const catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const dataDir = mkdtempSync(join(tmpdir(), 'varco-bench-'));
  const port = await freePort();
  const api = startServer(process.execPath, ['dist/server.mjs'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: catcher.smtpUrl,
      // The sign-in code is mailed by the api's queue: polled often, the sign-in does not wait for it.
      MAIL_POLL_MS: '200',
      SEED_DEMO: 'true',
    },
  });
  const cdns = [];
  const close = async () => {
    await Promise.allSettled(cdns.map((cdn) => cdn.close()));
    await api.stop();
    await catcher.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`http://127.0.0.1:${port}/readyz`, api, 120_000);
    const portals = {};
    for (const [name, root] of Object.entries(roots)) {
      const cdn = await startCdn({ root, shellPort: 0, apiUrl: `http://127.0.0.1:${port}` });
      cdns.push(cdn);
      portals[name] = cdn.url;
    }
    log(
      `api on embedded PostgreSQL at http://127.0.0.1:${port}; portals: ${Object.entries(portals)
        .map(([name, url]) => `${name} ${url}`)
        .join(', ')}`,
    );
    return {
      portals,
      async signedIn(browser, name) {
        const context = await browser.newContext({ locale: 'en-US' });
        try {
          const page = await context.newPage();
          await signInWithMailedCode(page, { origin: portals[name], ...DEMO_CREDENTIALS, inboxUrl: catcher.inboxUrl });
          return await context.storageState();
        } finally {
          await context.close();
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
