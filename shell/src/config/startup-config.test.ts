import { TEST_RUNTIME_CONFIG } from '@varco/federation-contract/testing';
import { CANARY_DRAW_KEY } from './canary';

type StartupModule = typeof import('./startup-config');

const candidate = 'http://cdn.test/mf-invoices/0.2.0/mf-manifest.json';
const withCanary = { ...TEST_RUNTIME_CONFIG, canary: { remote: 'mfInvoices', manifest: candidate, share: 50 } };
const answer = (body: unknown, status = 200) => jest.fn(async () => new Response(JSON.stringify(body), { status }));

/** A fresh copy of the module: each page reads its configuration once. */
function freshPage(): StartupModule {
  let module: StartupModule | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<StartupModule>('./startup-config');
  });
  return module!;
}

beforeEach(() => {
  localStorage.clear();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the startup configuration', () => {
  it('is fetched, validated and its canary drawn once, and every caller gets the same answer', async () => {
    const { loadStartupConfig, startupConfig } = freshPage();
    const fetchImpl = answer(withCanary);
    const random = jest.spyOn(Math, 'random').mockReturnValue(0.1);
    const first = loadStartupConfig(fetchImpl);
    expect(loadStartupConfig(fetchImpl)).toBe(first);
    const read = await first;
    expect(read.config).toEqual(withCanary);
    expect(read.manifests).toEqual({ ...TEST_RUNTIME_CONFIG.remotes, mfInvoices: candidate });
    expect(startupConfig()).toBe(read);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(random).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CANARY_DRAW_KEY)).toBe('10');
    expect(console.info).toHaveBeenCalledTimes(1);
  });

  it('keeps the draw of this browser on the next page', async () => {
    localStorage.setItem(CANARY_DRAW_KEY, '90');
    const { loadStartupConfig } = freshPage();
    await expect(loadStartupConfig(answer(withCanary))).resolves.toMatchObject({
      manifests: TEST_RUNTIME_CONFIG.remotes,
    });
  });

  it('fails with a RuntimeConfigError when the configuration is not valid, and is not there to read', async () => {
    const { loadStartupConfig, startupConfig } = freshPage();
    await expect(loadStartupConfig(answer({ ...TEST_RUNTIME_CONFIG, apiBaseUrl: 'ftp://x' }))).rejects.toMatchObject({
      name: 'RuntimeConfigError',
      message: expect.stringContaining('apiBaseUrl'),
    });
    expect(() => startupConfig()).toThrow('read at start');
  });
});
