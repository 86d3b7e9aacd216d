import type { RuntimeConfig } from './runtime-config';

/** A valid runtime configuration, for the tests of the schema and of the shell that reads it. */
export const TEST_RUNTIME_CONFIG: RuntimeConfig = {
  environment: 'test',
  apiBaseUrl: '/api',
  remotes: {
    mfAuth: 'http://cdn.test/mf-auth/0.1.0/mf-manifest.json',
    mfInvoices: 'http://cdn.test/mf-invoices/0.1.0/mf-manifest.json',
    mfVisa: 'http://cdn.test/mf-visa/0.1.0/mf-manifest.json',
    mfNotifications: 'http://cdn.test/mf-notifications/0.1.0/mf-manifest.json',
  },
  links: {
    assistance: 'https://help.test/tax-free',
    accessibility: { it: 'https://agency.test/it/accessibilita', en: 'https://agency.test/en/accessibility' },
    privacy: { it: 'https://agency.test/it/privacy', en: 'https://agency.test/en/privacy' },
    contacts: { it: 'https://agency.test/it/contatti', en: 'https://agency.test/en/contacts' },
  },
};
