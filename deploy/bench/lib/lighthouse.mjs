// Lighthouse (the npm package) on pages of the portal, in Debian's Chromium: its default configuration is the mobile
// preset with simulated throttling. Chromium is started as Lighthouse's own command line starts it (chrome-launcher,
// with its default flags) plus --headless and the tooling's flags (no sandbox, no background networking:
// deploy/chromium/launch-options.mjs); not by Playwright, whose flags turn the back/forward cache off, which
// Lighthouse then reports as a failure of the page. Playwright only attaches to it, to put a signed-in traveler into
// the browser's own profile, which Lighthouse's tab uses.
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium/launch-options.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** What an item of an audit's details is about: a file, an element, a reason. */
const itemOf = (item) =>
  item.url ?? item.node?.snippet ?? item.reason ?? item.failureReason ?? item.label ?? item.groupLabel;

/**
 * The audits of the categories that did not pass (a binary one failed, a scored one under 0.9), each with its value
 * and the first few things it names, for whoever fixes them.
 */
function failingAudits(lhr) {
  const ids = new Set(CATEGORIES.flatMap((category) => lhr.categories[category].auditRefs.map((ref) => ref.id)));
  return [...ids].flatMap((id) => {
    const audit = lhr.audits[id];
    if (!audit || audit.score === null || !['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
      return [];
    if (audit.scoreDisplayMode === 'binary' ? audit.score === 1 : audit.score >= 0.9) return [];
    const items = (audit.details?.items ?? [])
      .map(itemOf)
      .filter((item) => typeof item === 'string')
      .slice(0, 5);
    return [{ id, score: audit.score, value: audit.displayValue, items }];
  });
}

/**
 * Audits each of `pages` ({ name, url, state }) `runs` times and keeps the audit of median performance (its total
 * blocking time varies from one audit to the next), `state` a Playwright storage state to audit the page signed in
 * (those go last: the others are audited with Lighthouse's own storage reset, which would sign the traveler out).
 */
export async function audit(pages, { runs = 3 } = {}) {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless', ...CHROMIUM_ARGS] });
  const results = [];
  try {
    for (const page of [...pages].sort((a, b) => Number(Boolean(a.state)) - Number(Boolean(b.state)))) {
      const audits = [];
      for (let run = 0; run < runs; run += 1) {
        if (page.state) await signInProfile(chrome.port, page.state);
        const { lhr } = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: Boolean(page.state),
        });
        audits.push(lhr);
      }
      const lhr = audits.sort((a, b) => a.categories.performance.score - b.categories.performance.score)[
        Math.floor(runs / 2)
      ];
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [category, Math.round(lhr.categories[category].score * 100)]),
      );
      results.push({
        name: page.name,
        url: page.url,
        finalUrl: lhr.finalDisplayedUrl,
        scores,
        performanceRuns: audits.map((run) => Math.round(run.categories.performance.score * 100)),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        failing: failingAudits(lhr),
        warnings: lhr.runWarnings,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}

/**
 * Puts a signed-in state in the profile (the cookie; the saved session, written on a file of the origin that is not
 * the app, so that nothing is cached), then empties the HTTP cache and removes any service worker: the audit stays cold.
 */
async function signInProfile(port, state) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [profile] = browser.contexts();
    await profile.addCookies(state.cookies);
    const page = await profile.newPage();
    for (const { origin, localStorage } of state.origins) {
      await page.goto(`${origin}/config.json`);
      await page.evaluate(
        (items) => items.forEach(({ name, value }) => window.localStorage.setItem(name, value)),
        localStorage,
      );
      const cdp = await profile.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
    }
    await page.close();
  } finally {
    // Detaches from the browser, which Lighthouse goes on using.
    await browser.close();
  }
}
