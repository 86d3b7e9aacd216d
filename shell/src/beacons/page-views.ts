import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { CallOutcome } from '@varco/http';
import { pageOf, type ReportedPage } from './pages';
import { releaseOf } from './releases';
import { report, whenHiding } from './sender';

interface PageView extends ReportedPage {
  /** When it was shown, on the clock of the performance entries (performance.now()). */
  since: number;
}

/** The last pages shown, oldest first: a vital measured a while ago is told to the page it was measured on. */
const views: PageView[] = [];
const KEPT_VIEWS = 20;
/** The most calls of one outcome an event carries (the report's limit); a page shown longer sends several. */
const MAX_CALLS = 1000;
let calls: Record<CallOutcome, number> = { ok: 0, failed: 0 };

/** Reports the api calls counted while `view` was shown, and starts counting again. */
function reportCalls(view: ReportedPage): void {
  const counted = calls;
  calls = { ok: 0, failed: 0 };
  const release = releaseOf(view.app);
  if (counted.ok + counted.failed > 0 && release)
    report({ type: 'api-calls', page: view.page, ...counted, ...release });
}

whenHiding(() => {
  const shown = views.at(-1);
  if (shown) reportCalls(shown);
});

/**
 * The page the address shows from now on. Moving within one page (an invoice of the list) is the same page; an
 * address the portal sends elsewhere is not a page (its redirect is).
 */
export function showPage(pathname: string, now = performance.now()): void {
  const found = pageOf(pathname);
  const shown = views.at(-1);
  if (!found || found.page === shown?.page) return;
  // The calls made before the first page was drawn (the first screen's, started early) are that page's.
  if (shown) reportCalls(shown);
  views.push({ ...found, since: now });
  if (views.length > KEPT_VIEWS) views.shift();
}

/** Follows the router's address: each page shown is a view the api calls and the vitals are told to. */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => showPage(pathname), [pathname]);
}

/** Counts one api call (the http client's observer) for the page shown. */
export function countCall(outcome: CallOutcome): void {
  if (calls[outcome] >= MAX_CALLS) return;
  calls[outcome] += 1;
  const shown = views.at(-1);
  if (shown && calls[outcome] === MAX_CALLS) reportCalls(shown);
}

/** The page shown at `time` (performance.now() clock); before the first page was drawn, the first one. */
export function pageAt(time: number): ReportedPage | undefined {
  for (let index = views.length - 1; index > 0; index -= 1) if (views[index]!.since <= time) return views[index];
  return views[0];
}

/** The page shown now. */
export function shownPage(): ReportedPage | undefined {
  return views.at(-1);
}
