import { parseRuntimeConfig } from './runtime-config';
import { TEST_RUNTIME_CONFIG } from './testing';

const validConfig = TEST_RUNTIME_CONFIG;

describe('runtime configuration', () => {
  it('accepts a complete configuration', () => {
    expect(parseRuntimeConfig(validConfig)).toEqual({ success: true, data: validConfig });
  });

  it('keeps only the keys it knows', () => {
    expect(parseRuntimeConfig({ ...validConfig, extra: 1 })).toEqual({ success: true, data: validConfig });
  });

  it('names every problem of a bad one', () => {
    const result = parseRuntimeConfig({
      ...validConfig,
      apiBaseUrl: 'ftp://x',
      remotes: { ...validConfig.remotes, mfVisa: 'http://localhost:8083/remoteEntry.js' },
    });
    expect(result.success).toBe(false);
    expect(!result.success && result.issues).toEqual([
      'apiBaseUrl: must be an http(s) URL or a path starting with /',
      'remotes.mfVisa: must point to an mf-manifest.json',
    ]);
  });

  it('names what is missing or of the wrong kind', () => {
    const { links: _links, ...withoutLinks } = validConfig;
    const result = parseRuntimeConfig({
      ...withoutLinks,
      environment: '',
      remotes: { ...validConfig.remotes, mfAuth: 3 },
    });
    expect(!result.success && result.issues).toEqual([
      'links: expected an object',
      'environment: must not be empty',
      'remotes.mfAuth: expected a string',
      'links.assistance: expected a string',
      'links.accessibility: expected an object',
      'links.accessibility.it: expected a string',
      'links.accessibility.en: expected a string',
      'links.privacy: expected an object',
      'links.privacy.it: expected a string',
      'links.privacy.en: expected a string',
      'links.contacts: expected an object',
      'links.contacts.it: expected a string',
      'links.contacts.en: expected a string',
    ]);
    expect(parseRuntimeConfig(null)).toMatchObject({
      success: false,
      issues: expect.arrayContaining(['(root): expected an object']),
    });
  });

  it('accepts a canary of one remote with a share of browsers, and refuses a bad one', () => {
    const canary = {
      remote: 'mfInvoices',
      manifest: 'http://localhost:8082/mf-invoices/0.2.0/mf-manifest.json',
      share: 10,
    };
    expect(parseRuntimeConfig({ ...validConfig, canary })).toEqual({ success: true, data: { ...validConfig, canary } });
    const result = parseRuntimeConfig({
      ...validConfig,
      canary: { remote: 'mfShop', manifest: 'http://localhost:8082/mf-invoices/0.2.0/remoteEntry.js', share: 120 },
    });
    const message = result.success ? '' : result.issues.join('; ');
    expect(message).toContain('canary.remote');
    expect(message).toContain('canary.manifest: must point to an mf-manifest.json');
    expect(message).toContain('canary.share');
  });
});
