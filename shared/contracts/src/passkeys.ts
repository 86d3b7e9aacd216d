import * as z from 'zod/mini';
import { filledIssue, type AccountRuleIssue } from '@varco/contracts/plain';
import { ruleField } from './account-schemas';
import { idParamSchema } from './ids';
import { text } from './text';

/**
 * Passkeys (WebAuthn) of the traveler: the api's calls and the JSON forms of the WebAuthn structures they carry, as
 * @simplewebauthn/browser produces and consumes them (base64url strings for every buffer). The options list every member
 * the api sends; the browser's answers are loose objects, as browsers add members (extension results) that the
 * library reads and the api need not list.
 */

/** The longest name a traveler may give a passkey. */
export const PASSKEY_NAME_MAX_LENGTH = 50;

/** The name given to a new passkey: not blank, at most PASSKEY_NAME_MAX_LENGTH characters once trimmed. */
export function passkeyNameIssue(value: string): AccountRuleIssue | null {
  return (
    filledIssue(value) ??
    ([...value.trim()].length > PASSKEY_NAME_MAX_LENGTH ? { code: 'maxLength', max: PASSKEY_NAME_MAX_LENGTH } : null)
  );
}

/** The passkey name's rule as a field: the naming form and the api's request body check it alike. */
const passkeyName = ruleField(passkeyNameIssue);

/** The form that names a new passkey. */
export const passkeyNameSchema = z.object({ name: passkeyName });

/** A passkey as the profile lists it: no key material, only what tells the traveler which one it is. */
export const passkeySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** ISO instants. */
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Whether the passkey is synced (backed up) by its provider, so that it survives the loss of one device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListResponseSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyIdParamsSchema = z.object({ id: idParamSchema });

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.optional(z.array(z.string())),
});

/** POST private/passkeys/registration-options → PublicKeyCredentialCreationOptionsJSON. */
export const passkeyRegistrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.optional(z.string()) }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(credentialDescriptorSchema)),
  authenticatorSelection: z.optional(
    z.object({
      authenticatorAttachment: z.optional(z.string()),
      requireResidentKey: z.optional(z.boolean()),
      residentKey: z.optional(z.string()),
      userVerification: z.optional(z.string()),
    }),
  ),
  hints: z.optional(z.array(z.string())),
  attestation: z.optional(z.string()),
  /** credProps: the browser then tells whether the credential is discoverable. */
  extensions: z.optional(z.object({ credProps: z.optional(z.boolean()) })),
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** POST auth/passkey/options → PublicKeyCredentialRequestOptionsJSON. */
export const passkeyAuthenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.optional(z.string()),
  timeout: z.optional(z.number()),
  allowCredentials: z.optional(z.array(credentialDescriptorSchema)),
  userVerification: z.optional(z.string()),
  hints: z.optional(z.array(z.string())),
});
export type PasskeyAuthenticationOptions = z.infer<typeof passkeyAuthenticationOptionsSchema>;

/** The longest credential id an RP keeps (WebAuthn Level 3 §7.1: "≤ 1023 bytes"). */
export const PASSKEY_CREDENTIAL_ID_MAX_BYTES = 1023;

/** A base64url text of at most `bytes` bytes (4 characters for every 3). */
const base64url = (bytes: number) => text().check(z.maxLength(Math.ceil((bytes * 4) / 3)));
/** A credential id: the spec's bound. */
const credentialId = base64url(PASSKEY_CREDENTIAL_ID_MAX_BYTES);
/** What a browser sends of a ceremony, bounded well above any real authenticator's (a few hundred bytes each). */
const clientDataJSON = base64url(4096);
/** The transports an authenticator names (usb, nfc, ble, hybrid, internal...): kept, and sent back in options. */
const transports = z.optional(z.array(text().check(z.maxLength(32))).check(z.maxLength(10)));

/** RegistrationResponseJSON: what the authenticator made, as the browser returns it. */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON,
    // An attestation statement with its certificates, when an authenticator sends one although none is asked for.
    attestationObject: base64url(32_768),
    transports,
  }),
  authenticatorAttachment: z.optional(text().check(z.maxLength(32))),
  clientExtensionResults: z.looseObject({}),
});

/** AuthenticationResponseJSON: the assertion, as the browser returns it. */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON,
    authenticatorData: base64url(4096),
    // Post-quantum signatures are large: ML-DSA-44 signs with 2,420 bytes (Chromium's virtual authenticator uses it),
    // ML-DSA-87 with 4,627.
    signature: base64url(8192),
    // A user handle is at most 64 bytes (WebAuthn §5.4.3).
    userHandle: z.optional(base64url(64)),
  }),
  authenticatorAttachment: z.optional(text().check(z.maxLength(32))),
  clientExtensionResults: z.looseObject({}),
});

/** POST private/passkeys: the new passkey's name and the authenticator's answer to the registration options. */
export const addPasskeyBodySchema = z.object({ name: passkeyName, credential: passkeyRegistrationResponseSchema });
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;

/** POST auth/passkey/verify: the assertion; a success opens a signed-in session (the portal then reads user-info). */
export const passkeySignInBodySchema = z.object({ credential: passkeyAuthenticationResponseSchema });
