import { freshReport } from '../testing/beacons';

jest.mock('web-vitals', () => ({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() }));

type Listener = (metric: unknown) => void;

describe('observeVitals', () => {
  it('observes LCP, INP and CLS of every page view (soft navigations too), reports each, and marks that it does', async () => {
    const report = await freshReport();
    const webVitals = jest.requireMock<Record<'onLCP' | 'onINP' | 'onCLS', jest.Mock>>('web-vitals');
    const { observeVitals, VITALS_MARK } = await import('./vitals');
    report.pageViews.showPage('/', 0);
    const mark = jest.fn();
    Object.defineProperty(performance, 'mark', { configurable: true, value: mark });
    observeVitals();
    for (const observe of Object.values(webVitals))
      expect(observe).toHaveBeenCalledWith(expect.any(Function), { reportSoftNavs: true });
    expect(mark).toHaveBeenCalledWith(VITALS_MARK);
    const [[lcp]] = webVitals.onLCP.mock.calls as [[Listener]];
    const [[cls]] = webVitals.onCLS.mock.calls as [[Listener]];
    lcp({ name: 'LCP', value: 812.4, navigationType: 'navigate', entries: [{ startTime: 812.4 }] });
    cls({
      name: 'CLS',
      value: 0.02,
      navigationType: 'navigate',
      navigationURL: 'http://localhost/nowhere',
      entries: [],
    });
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'vital', name: 'LCP', value: 812, page: 'welcome', app: 'shell', version: '0.1.0', canary: false },
    ]);
    report.stop();
  });
});
