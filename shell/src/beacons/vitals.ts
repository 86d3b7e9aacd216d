// Its own chunk, loaded once the page has loaded and is idle (start-beacons.ts): never on the first paint's path.
import { onCLS, onINP, onLCP, type CLSMetric, type INPMetric, type LCPMetric } from 'web-vitals';
import { report } from './sender';
import { vitalEvent } from './vital-event';

/** Marked once the vitals are observed: what came before is read from the browser's buffers. */
export const VITALS_MARK = 'varco:vitals';

/**
 * Observes LCP, INP and CLS of every page view: the page the browser loaded, and each page reached inside the portal
 * (the browser's soft navigations, where it measures them). web-vitals reports each when it is final: LCP at the first
 * input, INP and CLS at the next page view or when the page is hidden.
 */
export function observeVitals(): void {
  const send = (metric: LCPMetric | INPMetric | CLSMetric) => {
    const event = vitalEvent(metric);
    if (event) report(event);
  };
  const options = { reportSoftNavs: true };
  onLCP(send, options);
  onINP(send, options);
  onCLS(send, options);
  performance.mark?.(VITALS_MARK);
}
