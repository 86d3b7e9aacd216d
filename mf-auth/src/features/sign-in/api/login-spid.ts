import { IDENTITY_BASE } from '@varco/contracts';
import { apiUrl } from '@varco/http';

/**
 * GET v1/auth/login-spid starts the digital identity provider flow by a full-page redirect (docs/screens.md), so it is a
 * link, not a fetch, to the api named by the runtime configuration.
 */
export function loginSpidUrl(): string {
  return apiUrl(`${IDENTITY_BASE}/login-spid`);
}
