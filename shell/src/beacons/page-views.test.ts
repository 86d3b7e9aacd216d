import shellPackage from '../../package.json';
import { CANARY_CONFIG, CANARY_MANIFESTS, freshReport } from '../testing/beacons';

let report: Awaited<ReturnType<typeof freshReport>>;
const shell = { app: 'shell', version: shellPackage.version, canary: false };

beforeEach(async () => {
  report = await freshReport({ config: CANARY_CONFIG, manifests: CANARY_MANIFESTS });
});
afterEach(() => report.stop());

const count = (outcome: 'ok' | 'failed', times: number) => {
  for (let call = 0; call < times; call += 1) report.pageViews.countCall(outcome);
};

describe('api-calls: the outcomes of the api calls made while a page is shown', () => {
  it('are told to the page shown, reported when the next page is shown and when the page is hidden', async () => {
    report.pageViews.showPage('/protected');
    count('ok', 3);
    count('failed', 1);
    report.pageViews.showPage('/protected/invoice');
    count('ok', 2);
    report.hide();
    count('ok', 1);
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'api-calls', page: 'home', ok: 3, failed: 1, ...shell },
      { type: 'api-calls', page: 'invoices', ok: 2, failed: 0, app: 'mfInvoices', version: '0.2.0', canary: true },
      { type: 'api-calls', page: 'invoices', ok: 1, failed: 0, app: 'mfInvoices', version: '0.2.0', canary: true },
    ]);
  });

  it('made before the first page was drawn (the first screen’s, started early) are that page’s', async () => {
    count('ok', 2);
    report.pageViews.showPage('/protected/visa/12');
    count('failed', 1);
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'api-calls', page: 'visas', ok: 2, failed: 1, app: 'mfVisa', version: '0.1.0', canary: false },
    ]);
  });

  it('go on within one page (its own addresses), and a page without calls reports none', async () => {
    report.pageViews.showPage('/');
    report.pageViews.showPage('/sign-in');
    count('ok', 1);
    report.pageViews.showPage('/sign-in/otp');
    count('ok', 1);
    report.pageViews.showPage('/nowhere');
    count('ok', 1);
    report.pageViews.showPage('/protected');
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'api-calls', page: 'sign-in', ok: 3, failed: 0, app: 'mfAuth', version: '0.1.0', canary: false },
    ]);
  });

  it('are reported every 1000 of one outcome on a page shown for hours (the polling calls)', async () => {
    report.pageViews.showPage('/protected');
    count('ok', 1001);
    count('failed', 2);
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'api-calls', page: 'home', ok: 1000, failed: 0, ...shell },
      { type: 'api-calls', page: 'home', ok: 1, failed: 2, ...shell },
    ]);
  });
});
