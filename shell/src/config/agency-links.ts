import type { RuntimeConfig } from '@varco/federation-contract';
import agencyLinks from '@varco/federation-contract/agency-links.json';

/**
 * The agency's published addresses, which the footer of the pages rendered at build time carries (the build knows no
 * environment). The runtime configuration's `links` take their place in the browser when an environment sets others.
 */
export const AGENCY_LINKS: RuntimeConfig['links'] = agencyLinks;
