// What the front-end benches share: a stand-in api, the portal on a local CDN, Chromium, and a signed-in browser.
import { createServer } from 'node:http';
import { chromium } from '@playwright/test';
import { startCdn } from '../../local-cdn/server.mjs';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The portal over a stand-in api that answers every call with an empty success, so that screens render and nothing else loads. */
export async function startPortal({ root, shellPort }) {
  const api = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(req.url.includes('/count') ? '{"counter":0}' : '{}');
  });
  await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
  const cdn = await startCdn({ root, shellPort, apiUrl: `http://127.0.0.1:${api.address().port}` });
  return { url: cdn.url, close: () => Promise.all([cdn.close(), new Promise((resolve) => api.close(resolve))]) };
}

export const launchChromium = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

/** A fresh browser, signed in as the shell remembers a traveler (the stand-in api accepts the saved session). */
export async function newBrowserContext(browser, { signedIn }) {
  const context = await browser.newContext({ locale: 'en-US' });
  if (signedIn) {
    await context.addInitScript(() => localStorage.setItem('varco-session', JSON.stringify({ state: { user: { numeroDocumento: 'BENCH1', nome: 'Bench', cognome: 'User' } }, version: 0 })));
  }
  return context;
}

/** Waits until the page has downloaded nothing new for `quietMs` (what it fetches when idle included). */
export async function settle(page, quietMs = 600) {
  let count = -1;
  for (;;) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now === count) return;
    count = now;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}
