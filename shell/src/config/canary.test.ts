import type { RuntimeConfig } from '@varco/federation-contract';
import { TEST_RUNTIME_CONFIG as config } from '@varco/federation-contract/testing';
import { CANARY_DRAW_KEY, CANARY_OVERRIDE_KEY, canaryTaken, remoteManifests } from './canary';

const current = config.remotes.mfInvoices;
const candidate = 'http://cdn.test/mf-invoices/0.2.0/mf-manifest.json';
const withCanary = (share: number): RuntimeConfig => ({
  ...config,
  canary: { remote: 'mfInvoices', manifest: candidate, share },
});

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

beforeEach(() => jest.spyOn(console, 'info').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('remoteManifests (canary)', () => {
  it('is the configuration as it is without a canary, drawing nothing', () => {
    const storage = memoryStorage();
    expect(remoteManifests(config, { storage, search: '' })).toEqual(config.remotes);
    expect(storage.items.size).toBe(0);
  });

  it('gives the candidate to the browsers whose draw falls in the share, and only that remote changes', () => {
    expect(
      remoteManifests(withCanary(50), { storage: memoryStorage({ [CANARY_DRAW_KEY]: '10' }), search: '' }),
    ).toEqual({ ...config.remotes, mfInvoices: candidate });
    expect(
      remoteManifests(withCanary(50), { storage: memoryStorage({ [CANARY_DRAW_KEY]: '90' }), search: '' }),
    ).toEqual(config.remotes);
  });

  it('draws once per browser and keeps the draw', () => {
    const storage = memoryStorage();
    const random = jest.fn(() => 0.07);
    expect(remoteManifests(withCanary(10), { storage, search: '', random }).mfInvoices).toBe(candidate);
    expect(storage.items.get(CANARY_DRAW_KEY)).toBe('7.000000000000001');
    random.mockReturnValue(0.99);
    expect(remoteManifests(withCanary(10), { storage, search: '', random }).mfInvoices).toBe(candidate);
    expect(random).toHaveBeenCalledTimes(1);
  });

  it('keeps a browser in the canary when its share grows', () => {
    const storage = memoryStorage({ [CANARY_DRAW_KEY]: '8' });
    expect(remoteManifests(withCanary(10), { storage, search: '' }).mfInvoices).toBe(candidate);
    expect(remoteManifests(withCanary(50), { storage, search: '' }).mfInvoices).toBe(candidate);
    expect(remoteManifests(withCanary(5), { storage, search: '' }).mfInvoices).toBe(current);
  });

  it('lets a tester choose with ?canary=on|off, kept until ?canary=auto', () => {
    const storage = memoryStorage({ [CANARY_DRAW_KEY]: '90' });
    expect(remoteManifests(withCanary(10), { storage, search: '?canary=on' }).mfInvoices).toBe(candidate);
    expect(storage.items.get(CANARY_OVERRIDE_KEY)).toBe('on');
    expect(remoteManifests(withCanary(10), { storage, search: '' }).mfInvoices).toBe(candidate);
    expect(remoteManifests(withCanary(100), { storage, search: '?canary=off' }).mfInvoices).toBe(current);
    expect(remoteManifests(withCanary(10), { storage, search: '?canary=auto' }).mfInvoices).toBe(current);
    expect(storage.items.has(CANARY_OVERRIDE_KEY)).toBe(false);
  });

  it('keeps a browser whose storage is refused on the current release', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(remoteManifests(withCanary(100), { storage, search: '' }).mfInvoices).toBe(current);
  });
});

describe('canaryTaken', () => {
  it('names the remote this browser loads from the candidate, and none for a browser on the current release', () => {
    const inside = remoteManifests(withCanary(50), { storage: memoryStorage({ [CANARY_DRAW_KEY]: '10' }), search: '' });
    const outside = remoteManifests(withCanary(50), {
      storage: memoryStorage({ [CANARY_DRAW_KEY]: '90' }),
      search: '',
    });
    expect(canaryTaken(withCanary(50), inside)).toBe('mfInvoices');
    expect(canaryTaken(withCanary(50), outside)).toBeUndefined();
    expect(canaryTaken(config, config.remotes)).toBeUndefined();
  });
});
