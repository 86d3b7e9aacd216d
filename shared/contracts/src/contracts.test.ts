import { invoiceBadgeColor, visaBadgeColor } from './states';
import { parseRuntimeConfig } from './runtime-config';
import { parseServerLanguage, toServerLanguage } from './language';
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
    const result = parseRuntimeConfig({ ...validConfig, apiBaseUrl: 'ftp://x', remotes: { ...validConfig.remotes, mfVisa: 'http://localhost:8083/remoteEntry.js' } });
    expect(result.success).toBe(false);
    expect(!result.success && result.issues).toEqual(['apiBaseUrl: must be an http(s) URL or a path starting with /', 'remotes.mfVisa: must point to an mf-manifest.json']);
  });

  it('names what is missing or of the wrong kind', () => {
    const { links: _links, ...withoutLinks } = validConfig;
    const result = parseRuntimeConfig({ ...withoutLinks, environment: '', remotes: { ...validConfig.remotes, mfAuth: 3 } });
    expect(!result.success && result.issues).toEqual(['links: expected an object', 'environment: must not be empty', 'remotes.mfAuth: expected a string', 'links.assistance: expected a string', 'links.accessibility: expected an object', 'links.accessibility.it: expected a string', 'links.accessibility.en: expected a string', 'links.privacy: expected an object', 'links.privacy.it: expected a string', 'links.privacy.en: expected a string', 'links.contacts: expected an object', 'links.contacts.it: expected a string', 'links.contacts.en: expected a string']);
    expect(parseRuntimeConfig(null)).toMatchObject({ success: false, issues: expect.arrayContaining(['(root): expected an object']) });
  });

  it('accepts a canary of one remote with a share of browsers, and refuses a bad one', () => {
    const canary = { remote: 'mfInvoices', manifest: 'http://localhost:8082/mf-invoices/0.2.0/mf-manifest.json', share: 10 };
    expect(parseRuntimeConfig({ ...validConfig, canary })).toEqual({ success: true, data: { ...validConfig, canary } });
    const result = parseRuntimeConfig({ ...validConfig, canary: { remote: 'mfShop', manifest: 'http://localhost:8082/mf-invoices/0.2.0/remoteEntry.js', share: 120 } });
    const message = result.success ? '' : result.issues.join('; ');
    expect(message).toContain('canary.remote');
    expect(message).toContain('canary.manifest: must point to an mf-manifest.json');
    expect(message).toContain('canary.share');
  });
});

describe('state badges (docs/domain.md)', () => {
  it.each([
    [1, false, 'blue'],
    [30, false, 'blue'],
    [90, false, 'orange'],
    [100, false, 'green'],
    [100, true, 'orange'],
    [40, false, 'red'],
    [50, false, 'red'],
    [10, false, 'red'],
    [20, false, 'red'],
    [77, false, 'orange'],
  ])('invoice state %i (in completion %s) is %s', (code, inCompletion, color) => {
    expect(invoiceBadgeColor(code, inCompletion)).toBe(color);
  });

  it.each([
    [1, {}, 'orange'],
    [1, { riskAnalysis: true }, 'blue'],
    [10, {}, 'gray'],
    [20, {}, 'red'],
    [100, {}, 'green'],
    [50, {}, 'orange'],
    [100, { inCompletion: true }, 'orange'],
  ])('visa state %i %j is %s', (code, flags, color) => {
    expect(visaBadgeColor(code, flags)).toBe(color);
  });
});

describe('server language', () => {
  it('is IT for Italian and EN for anything else', () => {
    expect(toServerLanguage('it_IT')).toBe('IT');
    expect(toServerLanguage('en_US')).toBe('EN');
    expect(parseServerLanguage('it-IT,it;q=0.9')).toBe('IT');
    expect(parseServerLanguage(undefined)).toBe('EN');
  });
});
