// The portal's service worker (built by workbox-webpack-plugin's InjectManifest into sw.js). docs/architecture.md:
// the shell's own files are precached; the remotes are cached as they are used, in a way that respects their
// independent releases; the api is never cached here (mf-visa keeps what the offline visa needs, per traveler).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { API_PATH, isImmutableFile, isReleasedRemoteEntry, isRemoteReleaseFile, isRuntimeConfig } from './cache-rules';
import { SHORT_LANGUAGES, type ShortLanguage } from '@varco/contracts/plain';
import { pageFile, type PageChoice } from '../served-page/pages';
import { CLAIM, PAGE_STATE, SKIP_WAITING, type PageStateMessage } from './messages';

declare const self: {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'install',
    listener: (event: { addRoutes?(rules: RouterRule[]): Promise<void> }) => void,
  ): void;
};

/** A static route of the worker (Chromium's ServiceWorker static routing API; not in TypeScript's lib yet). */
interface RouterRule {
  condition: { urlPattern: unknown } | { requestMethod: string };
  source: 'network';
}
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

const origin = self.location.origin;
// Remote scripts are loaded by <script> without CORS: their answers are opaque (status 0) and still worth keeping.
const okOrOpaque = new CacheableResponsePlugin({ statuses: [0, 200] });

// Every address is served at once from the pages of the build, as the CDN would choose (src/served-page/pages.ts), in
// the language and for the session the page last told (a worker may be stopped and started again: it is kept in a
// cache); also with no network.
const PAGE_STATE_CACHE = 'varco-page-state';
const PAGE_STATE_KEY = '/page-state';
let pageChoice: Promise<PageChoice> | undefined;

const isLanguage = (value: unknown): value is ShortLanguage => SHORT_LANGUAGES.includes(value as ShortLanguage);

async function savedPageChoice(): Promise<PageChoice> {
  const saved = await (await caches.open(PAGE_STATE_CACHE)).match(PAGE_STATE_KEY);
  const choice = (saved ? await saved.json() : {}) as Partial<PageChoice>;
  return { language: isLanguage(choice.language) ? choice.language : 'en', signedIn: choice.signedIn === true };
}

function rememberPageChoice({ language, signedIn }: PageStateMessage): Promise<unknown> {
  pageChoice = Promise.resolve({ language, signedIn });
  return caches
    .open(PAGE_STATE_CACHE)
    .then((cache) => cache.put(PAGE_STATE_KEY, Response.json({ language, signedIn })));
}

// The api's calls and the browser's reports (POST) go to the network without waking this worker: it keeps nothing of
// them, and a report sent as a page is left must not depend on a worker that is starting or busy. Where the browser
// has no static routes, they pass through the handler below, which does not answer them.
self.addEventListener('install', (event) => {
  const rules: RouterRule[] = [{ condition: { requestMethod: 'POST' }, source: 'network' }];
  if (typeof URLPattern === 'function')
    rules.push({ condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' });
  event.addRoutes?.(rules).catch(() => undefined);
});

registerRoute(
  new NavigationRoute(
    async ({ url }) => {
      pageChoice ??= savedPageChoice();
      const page = await matchPrecache(pageFile(url.pathname, await pageChoice));
      return page ?? (await matchPrecache('/index.html')) ?? Response.error();
    },
    { denylist: [API_PATH] },
  ),
);

// The shell: its build, revisioned by content; a new build is a new worker, announced to the traveler. Its route comes
// after the pages' (routes match in order): it would answer / with index.html, the frame.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The runtime configuration and the remotes' manifests: always from the network while there is one (a release switched
// in config.json, or announced by a manifest, is used on the next online visit); the last answer only when offline.
registerRoute(
  ({ url }) => isRuntimeConfig(url, origin),
  new NetworkFirst({ cacheName: 'varco-config', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);
registerRoute(
  ({ url }) => isRemoteReleaseFile(url),
  new NetworkFirst({
    cacheName: 'varco-remote-releases',
    plugins: [okOrOpaque, new ExpirationPlugin({ maxEntries: 40 })],
  }),
);
// Content-hashed chunks, and the entries of published release folders, never change: from the cache once seen (a
// repeat visit waits for config.json and the manifests only). Old releases' files age out.
registerRoute(
  ({ url }) => isImmutableFile(url, origin) || isReleasedRemoteEntry(url),
  new CacheFirst({
    cacheName: 'varco-immutable',
    plugins: [
      okOrOpaque,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 90 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// The first worker takes the open page at once (so that the remotes it loads are kept); a new one waits for the
// traveler's Reload (the update banner), so that a page never runs on two releases of the shell.
clientsClaim();
self.addEventListener('message', (event) => {
  if (event.data === SKIP_WAITING) void self.skipWaiting();
  if (event.data === CLAIM) event.waitUntil(self.clients.claim());
  const data = event.data as Partial<PageStateMessage> | null;
  if (data?.type === PAGE_STATE && isLanguage(data.language))
    event.waitUntil(
      rememberPageChoice({ type: PAGE_STATE, language: data.language, signedIn: data.signedIn === true }),
    );
});
