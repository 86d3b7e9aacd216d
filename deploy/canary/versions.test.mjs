/**
 * @jest-environment node
 */
// The remote and versions a runtime configuration's canary names (versions.mjs).
import { parseRuntimeConfig } from '@varco/federation-contract';
import { canaryOfConfig, versionOfManifestUrl } from './versions.mjs';

const CDN = 'https://cdn.varco.example';
/** A runtime configuration as deploy/environments holds them, with a canary of mfInvoices. */
function config(canary, invoices = `${CDN}/mf-invoices/0.2.0/mf-manifest.json`) {
  const reading = parseRuntimeConfig({
    environment: 'production',
    apiBaseUrl: '/api',
    remotes: {
      mfAuth: `${CDN}/mf-auth/0.1.0/mf-manifest.json`,
      mfInvoices: invoices,
      mfVisa: `${CDN}/mf-visa/0.1.0/mf-manifest.json`,
      mfNotifications: `${CDN}/mf-notifications/0.1.0/mf-manifest.json`,
    },
    ...(canary ? { canary } : {}),
    links: {
      assistance: '/help',
      accessibility: { it: '/a', en: '/a' },
      privacy: { it: '/p', en: '/p' },
      contacts: { it: '/c', en: '/c' },
    },
  });
  if (!reading.success) throw new Error(reading.issues.join('; '));
  return reading.data;
}

describe('the canary of a runtime configuration', () => {
  it('names the remote, the candidate and the stable version from the manifests’ folders', async () => {
    const fetchImpl = jest.fn();
    await expect(
      canaryOfConfig(
        config({ remote: 'mfInvoices', manifest: `${CDN}/mf-invoices/0.3.0-rc.1/mf-manifest.json`, share: 10 }),
        { fetchImpl },
      ),
    ).resolves.toEqual({ remote: 'mfInvoices', candidate: '0.3.0-rc.1', stable: '0.2.0' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('reads a manifest whose address names no version for the version its build recorded', async () => {
    const fetchImpl = jest.fn(async (url) => ({
      ok: true,
      status: 200,
      json: async () => ({
        metaData: { buildInfo: { buildVersion: String(url).includes('next') ? '0.3.0' : '0.2.0' } },
      }),
    }));
    await expect(
      canaryOfConfig(config({ remote: 'mfInvoices', manifest: '/remotes/invoices-next/mf-manifest.json', share: 5 }), {
        base: 'https://portal.varco.example/config.json',
        fetchImpl,
      }),
    ).resolves.toEqual({ remote: 'mfInvoices', candidate: '0.3.0', stable: '0.2.0' });
    expect(String(fetchImpl.mock.calls[0][0])).toBe(
      'https://portal.varco.example/remotes/invoices-next/mf-manifest.json',
    );
  });

  it('says so when there is no canary, or a version cannot be found', async () => {
    await expect(canaryOfConfig(config(undefined))).rejects.toThrow('no canary entry');
    await expect(
      canaryOfConfig(config({ remote: 'mfInvoices', manifest: '/next/mf-manifest.json', share: 5 })),
    ).rejects.toThrow('give --canary and --stable');
  });

  it('reads a version only from a semantic version folder just above mf-manifest.json', () => {
    expect(versionOfManifestUrl(`${CDN}/mf-visa/1.4.0/mf-manifest.json`)).toBe('1.4.0');
    expect(versionOfManifestUrl('/mf-visa/1.4.0/mf-manifest.json')).toBe('1.4.0');
    expect(versionOfManifestUrl(`${CDN}/mf-visa/latest/mf-manifest.json`)).toBeUndefined();
    expect(versionOfManifestUrl(`${CDN}/mf-visa/1.4.0/other.json`)).toBeUndefined();
  });
});
