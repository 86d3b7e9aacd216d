import { TEST_CONFIG } from '../test-config';
import { startManifestRequests, takeManifestRequest } from './early-manifests';
import { retryPlugin } from './retry-plugin';

const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchHook = retryPlugin({ retries: 1, delayMs: 1 }).fetch as unknown as (url: string, init: RequestInit) => Promise<Response>;

afterEach(async () => {
  jest.restoreAllMocks();
  // What a test started and left untaken.
  await Promise.all(Object.values(TEST_CONFIG.remotes).map(takeManifestRequest));
});

describe('the manifests the entry asks for early', () => {
  it("are those of the first screen's remotes, from the configuration, taken once", async () => {
    const fetchImpl = jest.fn((_url: RequestInfo | URL, _init?: RequestInit) => answer({ id: 'manifest' }));
    const config = answer(TEST_CONFIG);
    await startManifestRequests(config, '/protected/', fetchImpl);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual([TEST_CONFIG.remotes.mfVisa, TEST_CONFIG.remotes.mfInvoices, TEST_CONFIG.remotes.mfNotifications]);
    expect(fetchImpl).toHaveBeenCalledWith(TEST_CONFIG.remotes.mfVisa, { cache: 'no-cache' });
    // The configuration stays readable by the start-up.
    await expect((await config).json()).resolves.toEqual(TEST_CONFIG);
    await expect(takeManifestRequest(TEST_CONFIG.remotes.mfVisa)).resolves.toBeInstanceOf(Response);
    await expect(takeManifestRequest(TEST_CONFIG.remotes.mfVisa)).resolves.toBeUndefined();
  });

  it('are none on a page without widgets, nor when the configuration cannot be read', async () => {
    const fetchImpl = jest.fn(() => answer({}));
    await startManifestRequests(answer(TEST_CONFIG), '/', fetchImpl);
    await startManifestRequests(answer(TEST_CONFIG), '/sign-in', fetchImpl);
    await startManifestRequests(Promise.resolve(new Response('not json')), '/protected', fetchImpl);
    await startManifestRequests(Promise.reject(new TypeError('Failed to fetch')), '/protected', fetchImpl);
    await startManifestRequests(answer({ remotes: { mfVisa: 42 } }), '/protected', fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('are waited for by a runtime that asks before the entry has read the configuration (a warm cache)', async () => {
    let answerConfig: (response: Response) => void = () => undefined;
    const fetchImpl = jest.fn(() => answer({ from: 'entry' }));
    void startManifestRequests(new Promise<Response>((resolve) => (answerConfig = resolve)), '/protected', fetchImpl);
    const taken = takeManifestRequest(TEST_CONFIG.remotes.mfVisa);
    answerConfig(new Response(JSON.stringify(TEST_CONFIG)));
    await expect((await taken)?.json()).resolves.toEqual({ from: 'entry' });
  });

  it("are what the federation runtime's manifest fetch answers, and one that failed is asked again", async () => {
    const network = jest.spyOn(globalThis, 'fetch').mockImplementation(() => answer({ from: 'network' }));
    await startManifestRequests(answer(TEST_CONFIG), '/protected', (url) => (String(url).includes('mf-visa') ? answer({ from: 'entry' }) : answer({}, 503)));
    await expect((await fetchHook(TEST_CONFIG.remotes.mfVisa, {})).json()).resolves.toEqual({ from: 'entry' });
    expect(network).not.toHaveBeenCalled();
    await expect((await fetchHook(TEST_CONFIG.remotes.mfInvoices, {})).json()).resolves.toEqual({ from: 'network' });
    await expect((await fetchHook(TEST_CONFIG.remotes.mfVisa, {})).json()).resolves.toEqual({ from: 'network' });
    expect(network).toHaveBeenCalledTimes(2);
  });
});
