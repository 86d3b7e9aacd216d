// One visit of a page under the slow-mobile profile (lib/front-end.mjs SLOW_MOBILE), measured in the page: its
// Largest Contentful Paint, and on a cold visit what it downloaded before that paint (the critical path) and in all.
import { recordFiles, resourceStarts, settle, SLOW_MOBILE, sumOf } from './front-end.mjs';

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** The last LCP candidate of the page (buffered entries), with what it painted; null when there is none. */
function largestContentfulPaint(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const done = setTimeout(() => resolve(null), 3000);
        const observer = new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1);
          observer.disconnect();
          clearTimeout(done);
          const element = entry.element;
          const name = element
            ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`
            : '(removed)';
          resolve({
            startTime: entry.startTime,
            element: name,
            text: (element?.textContent ?? '').trim().slice(0, 60),
            url: entry.url || undefined,
          });
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/**
 * Throttles every service worker of `origin` as the page is (Chromium throttles each DevTools target on its own: the
 * page's profile does not reach what the worker fetches, config.json and the remotes' manifests on a repeat visit),
 * through the browser's DevTools port. Returns a function that lets them go.
 */
export async function throttleServiceWorkers(debugPort, origin) {
  const targets = (await (await fetch(`http://127.0.0.1:${debugPort}/json/list`)).json()).filter(
    (target) => target.type === 'service_worker' && target.url.startsWith(origin),
  );
  const sockets = await Promise.all(
    targets.map(async (target) => {
      const socket = new WebSocket(target.webSocketDebuggerUrl);
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = reject;
      });
      const answers = new Map();
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        answers.get(message.id)?.(message);
      };
      const send = (id, method, params) =>
        new Promise((resolve) => {
          answers.set(id, resolve);
          socket.send(JSON.stringify({ id, method, params }));
        });
      await send(1, 'Network.enable', {});
      const answer = await send(2, 'Network.emulateNetworkConditions', SLOW_MOBILE.network);
      if (answer.error) throw new Error(`could not throttle the service worker: ${answer.error.message}`);
      return socket;
    }),
  );
  return { count: sockets.length, release: () => sockets.forEach((socket) => socket.close()) };
}

/**
 * Opens `url` in a new page of `context`, throttled, and waits until it downloads nothing more. Returns the LCP (ms),
 * whether a service worker controlled the page, and with `files` the requests, gzipped JS and fonts started before the
 * LCP (the critical path).
 */
export async function visit(context, url, { files: recordingFiles = false } = {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_MOBILE.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_MOBILE.cpuSlowdown });
  const files = recordingFiles ? recordFiles(page) : undefined;
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await settle(page, 1000);
  const lcp = await largestContentfulPaint(page);
  const controlled = await page.evaluate(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
  );
  const result = {
    lcpMs: lcp ? Math.round(lcp.startTime) : null,
    lcpElement: lcp ? `${lcp.element}${lcp.url ? ` ${lcp.url}` : ''} "${lcp.text}"` : null,
    controlled,
  };
  if (files) {
    const { preloadAt, started } = await resourceStarts(page);
    const lcpAt = lcp?.startTime ?? Infinity;
    const critical = (await files()).filter((file) => (started[file.url] ?? 0) <= lcpAt);
    const js = critical.filter((file) => file.kind === 'js');
    const fonts = critical.filter((file) => file.kind === 'woff2');
    Object.assign(result, {
      // The page itself and every resource started before its largest paint.
      criticalRequests: 1 + Object.values(started).filter((startedAt) => startedAt <= lcpAt).length,
      criticalJsFiles: js.length,
      criticalJsKb: kb(sumOf(js)),
      // Under this profile the page is seldom idle before its largest paint: the shell's idle preload (its timeout)
      // may start before it and compete with the first screen.
      preloadBeforeLcp: preloadAt <= lcpAt,
      criticalFonts: fonts.length,
      criticalFontKb: kb(sumOf(fonts)),
      requests: 1 + Object.keys(started).length,
    });
  }
  await page.close();
  return result;
}
