import type { CDPSession } from '@playwright/test';

/**
 * A platform authenticator of the DevTools protocol's WebAuthn domain (internal transport, discoverable credentials),
 * answering the browser's dialog by itself; `verified: false`, its user never verifies, as when the traveler cancels.
 */
export async function addVirtualAuthenticator(cdp: CDPSession, { verified = true } = {}): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: verified,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}
