import type { PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@varco/contracts';

/**
 * The browser side of the passkey ceremonies, through @simplewebauthn/browser loaded on demand: the sign-in page is on
 * the first visit's path and most travelers never use a passkey, so the library is a chunk of its own, fetched when a
 * ceremony starts (or the autofill is offered), never for the first paint.
 */
const library = () => import('@simplewebauthn/browser');

/** What went wrong in the browser, as the traveler is told it (`passkeys.errors.<reason>` in the auth namespace). */
export type PasskeyFailure = 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'insecure' | 'failed';

/** A ceremony the browser did not complete; `reason` names the text to show. Server refusals stay ClientErrors. */
export class PasskeyBrowserError extends Error {
  constructor(readonly reason: PasskeyFailure) {
    super(`passkey ceremony failed: ${reason}`);
    this.name = 'PasskeyBrowserError';
  }
}

export const isPasskeyBrowserError = (error: unknown): error is PasskeyBrowserError =>
  error instanceof PasskeyBrowserError;

/** Whether this browser can use passkeys at all (WebAuthn present); cheap, without loading the library. */
export function supportsPasskeys(): boolean {
  return typeof globalThis.PublicKeyCredential === 'function';
}

/** Throws the 'unsupported' failure before anything is asked of the api, in a browser without WebAuthn. */
export function requirePasskeySupport(): void {
  if (!supportsPasskeys()) throw new PasskeyBrowserError('unsupported');
}

/** Whether the browser offers passkeys in the autofill of a `username webauthn` field (conditional mediation). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  if (!supportsPasskeys()) return false;
  const check = (globalThis.PublicKeyCredential as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return typeof check === 'function' ? check.call(globalThis.PublicKeyCredential).catch(() => false) : false;
}

/** The library's and the browser's errors, as one of the reasons the traveler is told. */
function failure(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'alreadyRegistered';
  // NotAllowedError: the traveler closed the browser's dialog, or it timed out (the browser does not tell which).
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return 'insecure';
  if (name === 'NotSupportedError' || code === 'ERROR_MALFORMED_PUBKEYCREDPARAMS') return 'unsupported';
  return 'failed';
}

async function ceremony<T>(run: (webauthn: Awaited<ReturnType<typeof library>>) => Promise<T>): Promise<T> {
  requirePasskeySupport();
  let webauthn;
  try {
    webauthn = await library();
  } catch {
    throw new PasskeyBrowserError('failed');
  }
  try {
    return await run(webauthn);
  } catch (error) {
    throw new PasskeyBrowserError(failure(error));
  }
}

/** navigator.credentials.create with the api's options; answers RegistrationResponseJSON. */
export function createPasskey(options: PasskeyRegistrationOptions) {
  return ceremony((webauthn) =>
    webauthn.startRegistration({
      optionsJSON: options as Parameters<typeof webauthn.startRegistration>[0]['optionsJSON'],
    }),
  );
}

/**
 * navigator.credentials.get with the api's options; answers AuthenticationResponseJSON. `autofill`: the conditional
 * request behind the `username webauthn` field, which waits until the traveler picks a passkey there (or is cancelled
 * by the next ceremony, or by cancelPasskeyCeremony).
 */
export function getPasskey(options: PasskeyAuthenticationOptions, autofill = false) {
  return ceremony((webauthn) =>
    webauthn.startAuthentication({
      optionsJSON: options as Parameters<typeof webauthn.startAuthentication>[0]['optionsJSON'],
      useBrowserAutofill: autofill,
    }),
  );
}

/** Ends a ceremony in flight (the autofill request of a page being left). */
export async function cancelPasskeyCeremony(): Promise<void> {
  if (supportsPasskeys()) (await library()).WebAuthnAbortService.cancelCeremony();
}
