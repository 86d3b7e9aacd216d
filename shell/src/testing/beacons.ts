// For the tests of the report: a fake sendBeacon, and a fresh copy of the report's modules (they keep the page's state).
import type { BeaconEvent } from '@varco/contracts';
import type { RemoteName, RuntimeConfig } from '@varco/federation-contract';
import { TEST_RUNTIME_CONFIG } from '@varco/federation-contract/testing';
import type { BeaconTransport } from '../beacons/sender';

export const TEST_BEACON_URL = 'http://portal.test/api/v1/public/beacons';

/** The text of a Blob (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** A transport whose sendBeacon keeps every report it is given and answers `accepts` (or is missing, or throws). */
export function fakeTransport({ accepts = true }: { accepts?: boolean | 'missing' | 'throws' } = {}) {
  const blobs: Blob[] = [];
  const sendBeacon = jest.fn((_url: string, data: Blob) => {
    if (accepts === 'throws') throw new TypeError('Illegal invocation');
    blobs.push(data);
    return accepts === true;
  });
  const fetch = jest.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 204 }));
  const transport: BeaconTransport = { sendBeacon: accepts === 'missing' ? undefined : sendBeacon, fetch };
  return {
    transport,
    sendBeacon,
    fetch,
    /** Each report sent by sendBeacon, in order: its events, with the URL and type it was sent with checked. */
    reports: async (): Promise<BeaconEvent[][]> => {
      for (const [url, data] of sendBeacon.mock.calls) {
        expect(url).toBe(TEST_BEACON_URL);
        expect(data.type).toBe('application/json');
      }
      return Promise.all(
        blobs.map(async (blob) => (JSON.parse(await textOf(blob)) as { events: BeaconEvent[] }).events),
      );
    },
  };
}

/** A runtime configuration whose canary is mf-invoices 0.2.0, and the manifests of a browser in it. */
export const CANARY_CONFIG: RuntimeConfig = {
  ...TEST_RUNTIME_CONFIG,
  canary: { remote: 'mfInvoices', manifest: 'http://cdn.test/mf-invoices/0.2.0/mf-manifest.json', share: 10 },
};
export const CANARY_MANIFESTS: Record<RemoteName, string> = {
  ...TEST_RUNTIME_CONFIG.remotes,
  mfInvoices: 'http://cdn.test/mf-invoices/0.2.0/mf-manifest.json',
};

/**
 * The report's modules anew (jest.resetModules), sending through a fake sendBeacon for a page started with `config`
 * and `manifests`: `sent()` gives every event sent so far, `hide()` hides the page as the browser does.
 */
export async function freshReport({
  config = TEST_RUNTIME_CONFIG,
  manifests = config.remotes,
}: { config?: RuntimeConfig; manifests?: Record<RemoteName, string> } = {}) {
  jest.resetModules();
  const sender = await import('../beacons/sender');
  const releases = await import('../beacons/releases');
  const pageViews = await import('../beacons/page-views');
  const remoteLoads = await import('../beacons/remote-loads');
  const fake = fakeTransport();
  let visibility: DocumentVisibilityState = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  const stop = sender.startSending(TEST_BEACON_URL, fake.transport);
  releases.knowReleases({ config, manifests });
  return {
    sender,
    releases,
    pageViews,
    remoteLoads,
    stop,
    sent: async () => (await fake.reports()).flat(),
    hide() {
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
      visibility = 'visible';
    },
  };
}

/** What releasesPlugin is told when a remote's manifest arrives. */
export function manifestArrived(
  plugin: { afterLoadManifest?: unknown },
  remote: RemoteName,
  buildVersion: string,
): void {
  (plugin.afterLoadManifest as (args: unknown) => void)({
    moduleInfo: { name: remote },
    manifestJson: { metaData: { buildInfo: { buildVersion, buildName: remote } } },
  });
}
