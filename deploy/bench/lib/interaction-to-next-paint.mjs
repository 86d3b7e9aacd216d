// Interaction to Next Paint measured in the page by web-vitals (its attribution build, injected before the page's own
// scripts), for the interaction bench. A headless page never becomes hidden (another page brought to the front
// leaves it visible), so the report web-vitals makes when the page is hidden is asked for by declaring the document
// hidden and sending `visibilitychange`, as a browser does when the traveler leaves the tab.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The IIFE build defines `webVitals`; the package does not export its path, so it is found next to its main file. */
const WEB_VITALS_IIFE = join(
  dirname(createRequire(import.meta.url).resolve('web-vitals')),
  'web-vitals.attribution.iife.js',
);

/**
 * Runs in the page, after the IIFE (the init script's own scope: `webVitals` is not on `window`): every report of
 * onINP, summarised (performance entries do not cross to Node as objects).
 */
function registerInp() {
  const reports = [];
  const latencies = new Map();
  const round = (value) => (typeof value === 'number' ? Math.round(value) : undefined);
  // Durations of 16 ms and more (the smallest Event Timing reports), not web-vitals' default 40, so that a fast
  // interaction is measured rather than left out.
  // eslint-disable-next-line no-undef -- defined by the IIFE build above it
  webVitals.onINP(
    (metric) => {
      const a = metric.attribution;
      const script = a.longestScript;
      reports.push({
        value: metric.value,
        rating: metric.rating,
        target: a.interactionTarget,
        type: a.interactionType,
        events: metric.entries.map((entry) => `${entry.name} ${entry.duration}`),
        inputDelay: round(a.inputDelay),
        processing: round(a.processingDuration),
        presentation: round(a.presentationDelay),
        script: round(a.totalScriptDuration),
        styleAndLayout: round(a.totalStyleAndLayoutDuration),
        longestScript: script
          ? {
              source: script.entry.sourceURL,
              function: script.entry.sourceFunctionName,
              invoker: script.entry.invoker,
              subpart: script.subpart,
              ms: round(script.intersectingDuration),
            }
          : undefined,
        longFrames: a.longAnimationFrameEntries.map((frame) => round(frame.duration)),
      });
    },
    { reportAllChanges: true, durationThreshold: 16 },
  );
  // Every interaction's latency (the longest event of its id), beside web-vitals' worst one.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId)
        latencies.set(entry.interactionId, Math.max(latencies.get(entry.interactionId) ?? 0, entry.duration));
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.__varcoInp = { reports, latencies };
}

/** Makes `page` measure its INP from its first script on (call before it navigates). */
export async function watchInp(page) {
  await page.addInitScript({ content: `${readFileSync(WEB_VITALS_IIFE, 'utf8')}\n;(${registerInp})();` });
}

/**
 * Ends the measurement of `page`: waits until its last interaction's frame is painted and the page is idle, declares
 * the document hidden so that web-vitals reports, and gives `{ inp, report, latencies, interactions }`: the INP in ms
 * (null when no interaction lasted 16 ms or more: Event Timing reports none), web-vitals' last report with its
 * attribution, each interaction's latency of 16 ms or more in order, and how many interactions the page counted.
 */
export async function reportInp(page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    if (!window.__varcoInp) throw new Error('web-vitals did not start in the page');
    document.dispatchEvent(new Event('visibilitychange'));
    const { reports, latencies } = window.__varcoInp;
    const report = reports.at(-1) ?? null;
    return {
      inp: report?.value ?? null,
      report,
      latencies: [...latencies.values()],
      interactions: performance.interactionCount ?? null,
    };
  });
}
