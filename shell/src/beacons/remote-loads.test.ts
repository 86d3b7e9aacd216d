import { TEST_RUNTIME_CONFIG } from '@varco/federation-contract/testing';
import { CANARY_CONFIG, CANARY_MANIFESTS, freshReport, manifestArrived } from '../testing/beacons';

let report: Awaited<ReturnType<typeof freshReport>>;

beforeEach(async () => {
  report = await freshReport({ config: CANARY_CONFIG, manifests: CANARY_MANIFESTS });
});
afterEach(() => report.stop());

describe('remote-load: each load of a remote, reported once', () => {
  it('is ok when its mount ends, with the version its manifest publishes and whether it is the canary', async () => {
    manifestArrived(report.releases.releasesPlugin(), 'mfInvoices', '0.2.0-rc.1');
    const load = report.remoteLoads.startRemoteLoad('mfInvoices');
    load.mounted();
    load.loaded();
    load.ended();
    load.ended();
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'remote-load', outcome: 'ok', app: 'mfInvoices', version: '0.2.0-rc.1', canary: true },
    ]);
  });

  it('is ok when the page is hidden while the remote is shown, and not again when its mount ends', async () => {
    manifestArrived(report.releases.releasesPlugin(), 'mfVisa', '0.1.0');
    const load = report.remoteLoads.startRemoteLoad('mfVisa');
    load.mounted();
    load.loaded();
    expect(await report.sent()).toEqual([]);
    report.hide();
    load.ended();
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'remote-load', outcome: 'ok', app: 'mfVisa', version: '0.1.0', canary: false },
    ]);
  });

  it('is failed at once with its reason, once however often React renders the failed tree again', async () => {
    const load = report.remoteLoads.startRemoteLoad('mfNotifications');
    load.loaded();
    // The boundary catches before the mount's effects run: the failure waits for the commit.
    load.failed('render');
    load.mounted();
    load.failed('render');
    load.ended();
    report.hide();
    // The manifest never said its version: the folder of its address does.
    expect(await report.sent()).toEqual([
      {
        type: 'remote-load',
        outcome: 'failed',
        reason: 'render',
        app: 'mfNotifications',
        version: '0.1.0',
        canary: false,
      },
    ]);
  });

  it('is failed for a remote whose files did not arrive, named with the version it was going to load', async () => {
    const invoices = report.remoteLoads.startRemoteLoad('mfInvoices');
    invoices.mounted();
    invoices.failed('network');
    const auth = report.remoteLoads.startRemoteLoad('mfAuth');
    auth.mounted();
    auth.failed('timeout');
    report.hide();
    expect(await report.sent()).toEqual([
      { type: 'remote-load', outcome: 'failed', reason: 'network', app: 'mfInvoices', version: '0.2.0', canary: true },
      { type: 'remote-load', outcome: 'failed', reason: 'timeout', app: 'mfAuth', version: '0.1.0', canary: false },
    ]);
  });

  it('says nothing of a load whose mount React discarded (a tree that suspended), whatever became of it', async () => {
    const discarded = report.remoteLoads.startRemoteLoad('mfVisa');
    discarded.loaded();
    const refused = report.remoteLoads.startRemoteLoad('mfInvoices');
    refused.failed('contract');
    report.hide();
    expect(await report.sent()).toEqual([]);
  });

  it('says nothing of a load left before its module arrived, nor of a release whose version cannot be named', async () => {
    const left = report.remoteLoads.startRemoteLoad('mfVisa');
    left.mounted();
    left.ended();
    report.stop();
    report = await freshReport({
      config: TEST_RUNTIME_CONFIG,
      manifests: { ...TEST_RUNTIME_CONFIG.remotes, mfVisa: 'http://localhost:8083/mf-manifest.json' },
    });
    const unnamed = report.remoteLoads.startRemoteLoad('mfVisa');
    unnamed.mounted();
    unnamed.failed('network');
    manifestArrived(report.releases.releasesPlugin(), 'mfInvoices', 'local');
    const refused = report.remoteLoads.startRemoteLoad('mfInvoices');
    refused.mounted();
    refused.failed('contract');
    report.hide();
    expect(await report.sent()).toEqual([
      {
        type: 'remote-load',
        outcome: 'failed',
        reason: 'contract',
        app: 'mfInvoices',
        version: '0.1.0',
        canary: false,
      },
    ]);
  });
});
