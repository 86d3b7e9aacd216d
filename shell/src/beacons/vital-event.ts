import type { BeaconEvent } from '@varco/contracts';
import { pageAt, shownPage } from './page-views';
import { pageOf, type ReportedPage } from './pages';
import { releaseOf } from './releases';

/** What the shell reads of a web-vitals metric (web-vitals' own type, without its import). */
export interface VitalMetric {
  name: 'LCP' | 'INP' | 'CLS';
  value: number;
  navigationType: string;
  navigationURL?: string;
  entries: ReadonlyArray<{ startTime: number }>;
}

/** The largest value the report accepts (ten minutes); a tab left in the background longer says nothing more. */
const MAX_VALUE = 600_000;

/**
 * The page a metric was measured on. A page reached inside the portal is the browser's soft navigation, whose address
 * web-vitals gives; on the page the browser loaded, the page shown when the paint, the shift or the interaction
 * measured happened (the shell may have sent the address elsewhere, a signed-in traveler from / to the home).
 */
function pageOfMetric({ navigationType, navigationURL, entries }: VitalMetric): ReportedPage | undefined {
  const measuredAt = entries[0]?.startTime;
  if (navigationType !== 'soft-navigation' && measuredAt !== undefined) return pageAt(measuredAt);
  return navigationURL ? pageOf(new URL(navigationURL, window.location.href).pathname) : shownPage();
}

/** The report's event for a metric of web-vitals: LCP and INP in whole milliseconds, CLS unitless. */
export function vitalEvent(metric: VitalMetric): BeaconEvent | undefined {
  const page = pageOfMetric(metric);
  const release = page && releaseOf(page.app);
  if (!page || !release) return undefined;
  const value = metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value);
  return {
    type: 'vital',
    name: metric.name,
    value: Math.min(Math.max(value, 0), MAX_VALUE),
    page: page.page,
    ...release,
  };
}
