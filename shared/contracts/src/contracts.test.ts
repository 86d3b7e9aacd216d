import { invoiceBadgeColor, visaBadgeColor } from './states';
import { runtimeConfigSchema, describeConfigIssues } from './runtime-config';
import { parseServerLanguage, toServerLanguage } from './language';

const validConfig = {
  environment: 'test',
  apiBaseUrl: '/api',
  remotes: {
    mfAuth: 'http://localhost:8081/mf-auth/0.1.0/mf-manifest.json',
    mfInvoices: 'http://localhost:8082/mf-invoices/0.1.0/mf-manifest.json',
    mfVisa: 'http://localhost:8083/mf-visa/0.1.0/mf-manifest.json',
    mfNotifications: 'http://localhost:8084/mf-notifications/0.1.0/mf-manifest.json',
  },
  links: {
    assistance: 'https://example.org/help',
    accessibility: { it: 'https://example.org/it/a11y', en: 'https://example.org/en/a11y' },
    privacy: { it: 'https://example.org/it/privacy', en: 'https://example.org/en/privacy' },
    contacts: { it: 'https://example.org/it/contacts', en: 'https://example.org/en/contacts' },
  },
};

describe('runtime configuration', () => {
  it('accepts a complete configuration', () => {
    expect(runtimeConfigSchema.safeParse(validConfig).success).toBe(true);
  });

  it('names every problem of a bad one', () => {
    const result = runtimeConfigSchema.safeParse({ ...validConfig, apiBaseUrl: 'ftp://x', remotes: { ...validConfig.remotes, mfVisa: 'http://localhost:8083/remoteEntry.js' } });
    expect(result.success).toBe(false);
    const message = describeConfigIssues(result.error!);
    expect(message).toContain('apiBaseUrl');
    expect(message).toContain('remotes.mfVisa: must point to an mf-manifest.json');
  });

  it('accepts a canary of one remote with a share of browsers, and refuses a bad one', () => {
    const canary = { remote: 'mfInvoices', manifest: 'http://localhost:8082/mf-invoices/0.2.0/mf-manifest.json', share: 10 };
    expect(runtimeConfigSchema.safeParse({ ...validConfig, canary }).success).toBe(true);
    const result = runtimeConfigSchema.safeParse({ ...validConfig, canary: { remote: 'mfShop', manifest: 'http://localhost:8082/mf-invoices/0.2.0/remoteEntry.js', share: 120 } });
    const message = describeConfigIssues(result.error!);
    expect(message).toContain('canary.remote');
    expect(message).toContain('canary.manifest: must point to an mf-manifest.json');
    expect(message).toContain('canary.share');
  });
});

describe('state badges (SPEC §4)', () => {
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
