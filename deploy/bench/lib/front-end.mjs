// What the front-end benches share: a stand-in api, the portal on a local CDN, Chromium, and a signed-in browser.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium/launch-options.mjs';
import { startCdn } from '../../local-cdn/server.mjs';

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

/**
 * The usual slow-mobile profile: DevTools' Fast 3G network (150 ms, 1.6 Mbit/s down, 750 kbit/s up), a CPU 4× slower.
 */
export const SLOW_MOBILE = {
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
};

export const launchChromium = (extraArgs = []) =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });

/** A fresh browser, signed in as the shell remembers a traveler (the stand-in api accepts the saved session). */
export async function newBrowserContext(browser, { signedIn }) {
  const context = await browser.newContext({ locale: 'en-US' });
  if (signedIn) {
    await context.addInitScript(() =>
      localStorage.setItem(
        'varco-session',
        JSON.stringify({ state: { user: { numeroDocumento: 'BENCH1', nome: 'Bench', cognome: 'User' } }, version: 0 }),
      ),
    );
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

/**
 * Starts keeping the scripts, stylesheets and web fonts `page` downloads, each with its size gzipped (level 9, as the
 * CDN's .gz copies; a woff2 is already compressed: its own size). Returns `done()`, which stops and gives them.
 */
export function recordFiles(page) {
  const files = [];
  const listener = (response) => {
    const kind = /\.(js|css|woff2)$/.exec(new URL(response.url()).pathname)?.[1];
    if (!kind) return;
    files.push(
      response.body().then(
        (body) => ({
          kind,
          url: response.url(),
          body,
          gzip: kind === 'woff2' ? body.length : gzipSync(body, { level: 9 }).length,
        }),
        () => undefined,
      ),
    );
  };
  page.on('response', listener);
  return async () => {
    page.off('response', listener);
    return (await Promise.all(files)).filter(Boolean);
  };
}

/** When each resource of the page started (resource timing, ms from navigation) and when the shell started its idle preload. */
export function resourceStarts(page) {
  return page.evaluate(
    (mark) => ({
      preloadAt: performance.getEntriesByName(mark)[0]?.startTime ?? Infinity,
      started: Object.fromEntries(
        performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
      ),
    }),
    PRELOAD_MARK,
  );
}

/** Marked by the shell when it starts preloading the next remote at idle (shell/src/federation/preload.ts). */
export const PRELOAD_MARK = 'varco:preload';

/**
 * What a first visit of `url` downloads in `context`, unthrottled, until the page downloads nothing more: each script,
 * stylesheet and font (recordFiles), flagged `preloaded` when the shell's idle preload asked for it. The page's idle
 * callbacks are held until it has downloaded everything, then run: on a loaded machine the page is not idle before the
 * preload's timeout (3 s, shell/src/federation/preload.ts), which then started among the first screen's own files.
 */
export async function firstVisitFiles(context, url) {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const held = [];
    window.__heldIdleCallbacks = held;
    window.requestIdleCallback = (callback) => held.push(callback);
    window.cancelIdleCallback = (handle) => {
      held[handle - 1] = undefined;
    };
  });
  const files = recordFiles(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await settle(page);
  await page.evaluate(() =>
    window.__heldIdleCallbacks
      .splice(0)
      .forEach((callback) => callback?.({ didTimeout: false, timeRemaining: () => 50 })),
  );
  await settle(page);
  const { preloadAt, started } = await resourceStarts(page);
  const downloaded = (await files()).map((file) => ({ ...file, preloaded: (started[file.url] ?? 0) >= preloadAt }));
  await page.close();
  return downloaded;
}

export const sumOf = (files, key = 'gzip') => files.reduce((sum, file) => sum + file[key], 0);
