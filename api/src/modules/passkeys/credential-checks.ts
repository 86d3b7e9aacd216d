import { decodeClientDataJSON, verifySignature } from '@simplewebauthn/server/helpers';

/**
 * What @simplewebauthn/server 14 leaves to the relying party when a credential is registered (WebAuthn Level 3,
 * §7.1), checked with the library's own helpers: a credential that passes these can sign in later. Each answers the
 * reason of a refusal, for the log, or undefined.
 */

/** A signature counter that can no longer grow (it is 32 bits): no assertion of that credential could pass. */
const COUNTER_MAX = 0xffff_ffff;

/**
 * A ceremony run inside another site's frame: the portal's pages are never framed (frame-ancestors 'none'), so a
 * cross-origin ceremony is another site's. The library refuses a sign-in's `topOrigin` only; this refuses both
 * members, in both ceremonies (§7.1 step 10, §7.2 step 13).
 */
export function framedCeremony(clientDataJSON: string): string | undefined {
  const clientData = decodeClientDataJSON(clientDataJSON);
  if (clientData.crossOrigin === true) return 'crossOrigin is true';
  if (clientData.topOrigin !== undefined) return `topOrigin ${clientData.topOrigin}`;
  return undefined;
}

/**
 * A DER-encoded ECDSA signature (r = 1, s = 1) over nothing: verifySignature reads the key exactly as a sign-in will
 * (its type, curve, coordinates, then the Web Crypto import, which refuses a point off its curve) and answers false.
 */
const PROBE_SIGNATURE = Uint8Array.from([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]);
const PROBE_DATA = new Uint8Array(32);

/**
 * Why a registered credential could never sign in: an id other than the one the browser named (which the request's
 * schema bounds to the spec's 1023 bytes), its key, or a counter at its end.
 */
export async function unusableCredential(
  credential: { id: string; publicKey: Uint8Array<ArrayBuffer>; counter: number },
  answerId: string,
): Promise<string | undefined> {
  if (credential.id !== answerId) return 'the authenticator data names another credential id than the answer';
  if (credential.counter >= COUNTER_MAX) return `signature counter ${credential.counter}`;
  try {
    await verifySignature({
      credentialPublicKey: credential.publicKey,
      signature: PROBE_SIGNATURE,
      data: PROBE_DATA,
    });
  } catch (error) {
    return `public key: ${error instanceof Error ? error.message : String(error)}`;
  }
  return undefined;
}
