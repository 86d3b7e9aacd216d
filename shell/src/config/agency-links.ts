import type { RuntimeConfig } from '@varco/federation-contract';

/**
 * The agency's published addresses, which the footer of the pages rendered at build time carries (the build knows no
 * environment). The runtime configuration's `links` take their place in the browser when an environment sets others.
 */
export const AGENCY_LINKS: RuntimeConfig['links'] = {
  assistance: 'https://www.adm.gov.it/portale/assistenza-tax-free',
  accessibility: {
    it: 'https://www.adm.gov.it/portale/dichiarazione-di-accessibilita',
    en: 'https://www.adm.gov.it/portale/en/accessibility-statement',
  },
  privacy: { it: 'https://www.adm.gov.it/portale/privacy', en: 'https://www.adm.gov.it/portale/en/privacy' },
  contacts: { it: 'https://www.adm.gov.it/portale/contatti', en: 'https://www.adm.gov.it/portale/en/contacts' },
};
