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

/** The version of every shared singleton, as a shell and a remote built together publish them (the contract tests'). */
export const TEST_SINGLETONS = {
  react: '18.3.1',
  'react-dom': '18.3.1',
  'react-router-dom': '6.30.6',
  '@tanstack/react-query': '5.108.0',
  zustand: '5.1.0',
  i18next: '26.7.2',
  'react-i18next': '17.1.12',
  ky: '1.14.3',
  '@varco/session': '1.0.0',
  '@varco/http': '1.2.0',
  '@varco/i18n': '1.2.0',
  '@varco/contracts': '1.2.0',
  '@varco/ui': '1.3.0',
};
