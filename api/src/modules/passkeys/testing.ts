import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { Passkey, PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@varco/contracts';
import type { TestApp } from '../../test/app';
import { CHALLENGE_COOKIE } from './routes';

export { CHALLENGE_COOKIE };

/**
 * A software authenticator for the tests: it answers the api's WebAuthn options with the structures a browser sends
 * (a 'none' attestation with an EC P-256 key, assertions signed with it), built with node:crypto and a small CBOR
 * writer, so the ceremonies are verified by the real library end to end. Below it, the ceremonies as the portal runs
 * them, for every test that needs a traveler's passkey.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** CBOR (RFC 8949) of what WebAuthn needs: integers, text, byte strings, arrays, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface SoftAuthenticatorOptions {
  /** The page's origin, as the browser writes it in clientDataJSON. */
  origin: string;
  rpId: string;
  /** A synced passkey (backup eligible and backed up) rather than a device-bound one. */
  synced?: boolean;
}

interface HeldCredential {
  id: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  userHandle: string;
  counter: number;
}

/** What a browser writes in clientDataJSON besides type, challenge and origin: a ceremony in another site's frame. */
export interface FrameOptions {
  crossOrigin?: boolean;
  topOrigin?: string;
}

/** A registration answer that differs from a real authenticator's, for the tests of what is refused. */
export interface RegisterOptions extends FrameOptions {
  /** Another origin than the authenticator's (a phishing page). */
  origin?: string;
  /** The signature counter the new credential starts at (0 by default). */
  counter?: number;
  /** The credential id's bytes (16 random ones by default). */
  credentialId?: Buffer;
  /** The id the answer names (`id`, `rawId`), when not the credential's. */
  answerId?: Buffer;
  /** The COSE key's members, changed (a value) or removed (undefined): another kty or crv, a point off the curve... */
  coseKey?: (members: Map<number, Cbor>) => Map<number, Cbor>;
}

export interface AssertOptions extends FrameOptions {
  /** Another origin than the authenticator's (a phishing page). */
  origin?: string;
  /** The signature counter to report; by default one more than the last. */
  counter?: number;
  /** Flags instead of the defaults (UP, UV and the backup flags). */
  flags?: number;
}

export function createSoftAuthenticator(options: SoftAuthenticatorOptions) {
  let credential: HeldCredential | undefined;
  const backupFlags = options.synced ? FLAGS.BE | FLAGS.BS : 0;
  const clientData = (
    type: 'webauthn.create' | 'webauthn.get',
    challenge: string,
    origin: string,
    frame: FrameOptions = {},
  ) =>
    Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin,
        crossOrigin: frame.crossOrigin ?? false,
        ...(frame.topOrigin === undefined ? {} : { topOrigin: frame.topOrigin }),
      }),
    );
  const authenticatorData = (flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(options.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };

  return {
    get credentialId(): string {
      if (!credential) throw new Error('no credential yet');
      return b64url(credential.id);
    },

    /** navigator.credentials.create: a new P-256 key for the options' user, with a 'none' attestation. */
    register(creation: { challenge: string; user: { id: string } }, overrides: RegisterOptions = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const members = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const cosePublicKey = cbor(overrides.coseKey?.(members) ?? members);
      const id = overrides.credentialId ?? randomBytes(16);
      const counter = overrides.counter ?? 0;
      credential = { id, privateKey, cosePublicKey, userHandle: creation.user.id, counter };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cosePublicKey]);
      const authData = authenticatorData(FLAGS.UP | FLAGS.UV | FLAGS.AT | backupFlags, counter, attested);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(overrides.answerId ?? id),
        rawId: b64url(overrides.answerId ?? id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', creation.challenge, overrides.origin ?? options.origin, overrides),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },

    /** navigator.credentials.get: an assertion of the held credential over the options' challenge. */
    assert(request: { challenge: string }, overrides: AssertOptions = {}) {
      if (!credential) throw new Error('no credential yet');
      credential.counter = overrides.counter ?? credential.counter + 1;
      const authData = authenticatorData(overrides.flags ?? FLAGS.UP | FLAGS.UV | backupFlags, credential.counter);
      const clientDataJSON = clientData(
        'webauthn.get',
        request.challenge,
        overrides.origin ?? options.origin,
        overrides,
      );
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;

export const PASSKEYS_PATH = '/api/v1/private/passkeys';
export const PASSKEY_SIGN_IN_PATH = '/api/v1/auth/passkey';
/** testConfig()'s portal: PUBLIC_BASE_URL's default, from which the RP ID and the origin are derived. */
export const PORTAL_ORIGIN = 'http://localhost:8080';
export const PORTAL_RP_ID = 'localhost';

/** A new authenticator of testConfig()'s portal. */
export const portalAuthenticator = (options: { synced?: boolean } = {}) =>
  createSoftAuthenticator({ origin: PORTAL_ORIGIN, rpId: PORTAL_RP_ID, ...options });

/** A POST as the portal sends it, with the browser's cookies (the session, the ceremony's), from `remoteAddress`. */
function post(app: TestApp, url: string, cookies: string[], body?: unknown, language = 'EN', remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'accept-language': language, ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The options of a ceremony (200), with its HttpOnly cookie as a `cookie` header entry. */
function ceremony<T>(response: Awaited<ReturnType<TestApp['inject']>>): { options: T; cookie: string } {
  assert.equal(response.statusCode, 200, response.body);
  const challenge = response.cookies.find((cookie) => cookie.name === CHALLENGE_COOKIE);
  assert.ok(challenge?.httpOnly, 'the ceremony cookie is HttpOnly');
  return { options: response.json() as T, cookie: `${CHALLENGE_COOKIE}=${challenge.value}` };
}

/** The registration options for the traveler signed in with `traveler.cookie`, with the cookie of the ceremony. */
export async function registrationOptions(app: TestApp, traveler: { cookie: string }) {
  return ceremony<PasskeyRegistrationOptions>(
    await post(app, `${PASSKEYS_PATH}/registration-options`, [traveler.cookie]),
  );
}

/** Adds a passkey held by a new software authenticator; answers the authenticator and the stored passkey. */
export async function addPasskey(
  app: TestApp,
  traveler: { cookie: string },
  name = 'Work laptop',
  authenticatorOptions: { synced?: boolean } = {},
): Promise<{ authenticator: SoftAuthenticator; passkey: Passkey }> {
  const authenticator = portalAuthenticator(authenticatorOptions);
  const { options, cookie } = await registrationOptions(app, traveler);
  const response = await post(app, PASSKEYS_PATH, [traveler.cookie, cookie], {
    name,
    credential: authenticator.register(options),
  });
  assert.equal(response.statusCode, 201, response.body);
  return { authenticator, passkey: response.json() as Passkey };
}

/** The sign-in options of a browser with no session (from `remoteAddress`), with the cookie of the ceremony. */
export async function authenticationOptions(app: TestApp, remoteAddress?: string) {
  return ceremony<PasskeyAuthenticationOptions>(
    await post(app, `${PASSKEY_SIGN_IN_PATH}/options`, [], undefined, 'EN', remoteAddress),
  );
}

/** Sends an assertion with the ceremony's cookie (from `remoteAddress`). */
export const verifyPasskey = (
  app: TestApp,
  cookie: string,
  credential: unknown,
  language = 'EN',
  remoteAddress?: string,
) => post(app, `${PASSKEY_SIGN_IN_PATH}/verify`, [cookie], { credential }, language, remoteAddress);

/** A whole sign-in with the passkey `authenticator` holds: the answer of the verification. */
export async function signInWith(app: TestApp, authenticator: SoftAuthenticator) {
  const { options, cookie } = await authenticationOptions(app);
  return verifyPasskey(app, cookie, authenticator.assert(options));
}
