import shellPackage from '../../package.json';
import { CANARY_CONFIG, CANARY_MANIFESTS, freshReport, manifestArrived } from '../testing/beacons';

let report: Awaited<ReturnType<typeof freshReport>>;
let vitals: typeof import('./vital-event');
const shell = { app: 'shell', version: shellPackage.version, canary: false };

beforeEach(async () => {
  report = await freshReport({ config: CANARY_CONFIG, manifests: CANARY_MANIFESTS });
  vitals = await import('./vital-event');
});
afterEach(() => report.stop());

const loaded = { navigationType: 'navigate', navigationURL: 'http://localhost/' };

describe('vitalEvent: a web-vitals metric as the report names it', () => {
  it('gives the LCP of the page loaded to the page shown when it was painted, in whole milliseconds', () => {
    report.pageViews.showPage('/', 400);
    // A signed-in traveler who opens / is sent to the home at once.
    report.pageViews.showPage('/protected', 410);
    expect(vitals.vitalEvent({ ...loaded, name: 'LCP', value: 1234.56, entries: [{ startTime: 1234.56 }] })).toEqual({
      type: 'vital',
      name: 'LCP',
      value: 1235,
      page: 'home',
      ...shell,
    });
    // The page's HTML, painted before the portal's code ran, is the first page's.
    expect(vitals.vitalEvent({ ...loaded, name: 'LCP', value: 300, entries: [{ startTime: 300 }] })).toMatchObject({
      page: 'welcome',
    });
  });

  it('gives the vitals of a page reached inside the portal to the page of its address, with that remote’s release', () => {
    manifestArrived(report.releases.releasesPlugin(), 'mfInvoices', '0.2.0');
    report.pageViews.showPage('/protected', 10);
    report.pageViews.showPage('/protected/visa', 5000);
    const soft = {
      navigationType: 'soft-navigation',
      navigationURL: 'http://localhost/protected/invoice/12?tab=2',
      entries: [{ startTime: 4000 }],
    };
    expect(vitals.vitalEvent({ ...soft, name: 'INP', value: 88, entries: [] })).toEqual({
      type: 'vital',
      name: 'INP',
      value: 88,
      page: 'invoices',
      app: 'mfInvoices',
      version: '0.2.0',
      canary: true,
    });
    expect(vitals.vitalEvent({ ...soft, name: 'LCP', value: 640 })).toMatchObject({ page: 'invoices' });
  });

  it('keeps CLS unitless to four decimals, and every value within the report’s range', () => {
    report.pageViews.showPage('/howto', 0);
    const cls = vitals.vitalEvent({ ...loaded, name: 'CLS', value: 0.123456, entries: [{ startTime: 50 }] });
    expect(cls).toEqual({ type: 'vital', name: 'CLS', value: 0.1235, page: 'howto', ...shell });
    expect(vitals.vitalEvent({ ...loaded, name: 'CLS', value: 0, entries: [] })).toMatchObject({ value: 0 });
    expect(vitals.vitalEvent({ ...loaded, name: 'LCP', value: 3_600_000, entries: [] })).toMatchObject({
      value: 600_000,
    });
  });

  it('makes no event for a page the report does not name', () => {
    expect(vitals.vitalEvent({ ...loaded, name: 'LCP', value: 900, entries: [{ startTime: 900 }] })).toBeUndefined();
    expect(
      vitals.vitalEvent({ ...loaded, navigationURL: 'http://localhost/nowhere', name: 'CLS', value: 0, entries: [] }),
    ).toBeUndefined();
  });
});
