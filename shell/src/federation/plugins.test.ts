import { IncompatibleRemoteError } from './contract-plugin';
import { fallbackPlugin } from './fallback-plugin';
import { fetchWithRetry } from './retry-plugin';

const ok = () => new Response('{}', { status: 200 });

describe('fetchWithRetry (first layer)', () => {
  it('tries again after a network failure and a 5xx answer', async () => {
    const fetchImpl = jest
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(ok());
    const response = await fetchWithRetry(
      'http://cdn.test/mf-manifest.json',
      {},
      { retries: 2, delayMs: 1 },
      fetchImpl,
    );
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last retry', async () => {
    const fetchImpl = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(
      fetchWithRetry('http://cdn.test/mf-manifest.json', {}, { retries: 2, delayMs: 1 }, fetchImpl),
    ).rejects.toThrow('Failed to fetch');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(new Response('', { status: 404 }));
    expect((await fetchWithRetry('http://cdn.test/x.json', {}, { retries: 2, delayMs: 1 }, fetchImpl)).status).toBe(
      404,
    );
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('fallbackPlugin (second layer)', () => {
  const standIn = { default: () => null };
  const plugin = fallbackPlugin(() => standIn);
  const errorLoadRemote = plugin.errorLoadRemote as unknown as (args: {
    id: string;
    error: unknown;
    lifecycle: string;
  }) => unknown;

  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers a module that failed to load with the stand-in', () => {
    expect(errorLoadRemote({ id: 'mfVisa/routes', error: new Error('down'), lifecycle: 'onLoad' })).toBe(standIn);
  });

  it('gives the stand-in the remote and why it is not there (the report names the reason)', () => {
    const createStandIn = jest.fn(() => standIn);
    const answer = fallbackPlugin(createStandIn).errorLoadRemote as unknown as typeof errorLoadRemote;
    answer({ id: 'mfVisa/LatestVisas', error: new TypeError('Failed to fetch'), lifecycle: 'onLoad' });
    answer({ id: 'mfInvoices/routes', error: new IncompatibleRemoteError('contract 2.0.0'), lifecycle: 'onLoad' });
    expect(createStandIn.mock.calls).toEqual([
      ['mfVisa', 'network'],
      ['mfInvoices', 'contract'],
    ]);
  });

  it('leaves a failed manifest fetch an error at that step', () => {
    expect(
      errorLoadRemote({
        id: 'http://cdn.test/mf-visa/0.1.0/mf-manifest.json',
        error: new Error('down'),
        lifecycle: 'afterResolve',
      }),
    ).toBeUndefined();
  });
});
