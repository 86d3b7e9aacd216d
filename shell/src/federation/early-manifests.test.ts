import type { StartupConfig } from '../config/startup-config';
import { TEST_CONFIG } from '../testing/test-config';
import { startManifestRequests, takeManifestRequest } from './early-manifests';
import { retryPlugin } from './retry-plugin';

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const startup = (manifests = TEST_CONFIG.remotes): Promise<StartupConfig> =>
  Promise.resolve({ config: TEST_CONFIG, manifests });
const fetchHook = retryPlugin({ retries: 1, delayMs: 1 }).fetch as unknown as (
  url: string,
  init: RequestInit,
) => Promise<Response>;

afterEach(async () => {
  jest.restoreAllMocks();
  // What a test started and left untaken.
  await Promise.all(Object.values(TEST_CONFIG.remotes).map(takeManifestRequest));
});

describe('the manifests the entry asks for early', () => {
  it("are those of the first screen's remotes, chosen for this browser, taken once", async () => {
    const fetchImpl = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => answer({ id: 'manifest' }));
    const candidate = 'http://cdn.test/mf-invoices/0.2.0/mf-manifest.json';
    await startManifestRequests(startup({ ...TEST_CONFIG.remotes, mfInvoices: candidate }), '/protected/', fetchImpl);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([
      TEST_CONFIG.remotes.mfVisa,
      candidate,
      TEST_CONFIG.remotes.mfNotifications,
    ]);
    expect(fetchImpl).toHaveBeenCalledWith(TEST_CONFIG.remotes.mfVisa, { cache: 'no-cache' });
    await expect(takeManifestRequest(TEST_CONFIG.remotes.mfVisa)).resolves.toBeInstanceOf(Response);
    await expect(takeManifestRequest(TEST_CONFIG.remotes.mfVisa)).resolves.toBeUndefined();
    await expect(takeManifestRequest(candidate)).resolves.toBeInstanceOf(Response);
  });

  it('are none on a page without widgets, nor when the configuration cannot be read', async () => {
    const fetchImpl = jest.fn(() => answer({}));
    await startManifestRequests(startup(), '/', fetchImpl);
    await startManifestRequests(startup(), '/sign-in', fetchImpl);
    const failed = Promise.reject(new Error('/config.json is not valid'));
    await startManifestRequests(failed, '/protected', fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('are waited for by a runtime that asks before the entry has read the configuration (a warm cache)', async () => {
    let read: (startup: StartupConfig) => void = () => undefined;
    const fetchImpl = jest.fn(() => answer({ from: 'entry' }));
    void startManifestRequests(new Promise<StartupConfig>((resolve) => (read = resolve)), '/protected', fetchImpl);
    const taken = takeManifestRequest(TEST_CONFIG.remotes.mfVisa);
    read({ config: TEST_CONFIG, manifests: TEST_CONFIG.remotes });
    await expect((await taken)?.json()).resolves.toEqual({ from: 'entry' });
  });

  it("are what the federation runtime's manifest fetch answers, and one that failed is asked again", async () => {
    const network = jest.spyOn(globalThis, 'fetch').mockImplementation(() => answer({ from: 'network' }));
    await startManifestRequests(startup(), '/protected', (url) =>
      String(url).includes('mf-visa') ? answer({ from: 'entry' }) : answer({}, 503),
    );
    await expect((await fetchHook(TEST_CONFIG.remotes.mfVisa, {})).json()).resolves.toEqual({ from: 'entry' });
    expect(network).not.toHaveBeenCalled();
    await expect((await fetchHook(TEST_CONFIG.remotes.mfInvoices, {})).json()).resolves.toEqual({ from: 'network' });
    await expect((await fetchHook(TEST_CONFIG.remotes.mfVisa, {})).json()).resolves.toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(2);
  });
});
