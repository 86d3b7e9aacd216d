import { createPublicKey, sign, verify as verifySignature, type JsonWebKey, type KeyObject } from 'node:crypto';
import { qrKeyId } from './keys';
import { qrPng } from './png';

/**
 * The signed token of a visa request's QR code (docs/domain.md: request id, traveler, issue time, and
 * a kiosk verifies it offline with the agency's public key). Compact, so that the QR stays small (version 10 at error
 * correction M, ~210 characters):
 *
 *     v1.<base64url of the JSON payload>.<base64url of the Ed25519 signature of "v1.<payload part>">
 *     payload: { p: publicId (uuid), i: issuedAt (Unix seconds), k: keyId }
 *
 * The public id is the only reference: random, it tells nothing of the traveler (codes issued before carried the
 * traveler's internal id in `t`; it is ignored, and such codes still verify).
 *
 * The version is signed too. Base64url must be canonical (no padding, no stray bits), so a token has exactly one
 * spelling: a copy with a changed character never verifies.
 */

interface QrClaims {
  publicId: string;
  /** Whole seconds: compare with `qrIssuedAtSeconds` of the request's `qr_issued_at`. */
  issuedAt: Date;
}

export type QrVerifyFailure = 'malformed' | 'signature' | 'unknown-key';
type QrVerifyResult = { ok: true; claims: QrClaims; keyId: string } | { ok: false; reason: QrVerifyFailure };

/** The public key as a JWK (RFC 8037), with its key id: what GET /exit-point/public-key publishes. */
type QrPublicJwk = JsonWebKey & { kid: string; kty: 'OKP'; crv: 'Ed25519'; x: string; alg: 'EdDSA'; use: 'sig' };

export interface QrService {
  issue(claims: { publicId: string; issuedAt: Date }): string;
  verify(token: string): QrVerifyResult;
  /** The QR code of a token: a PNG of ~300 px, base64 without the `data:` prefix. */
  png(token: string): Promise<string>;
  /** The same PNG as bytes (the visa PDF embeds them). */
  pngBuffer(token: string): Buffer;
  publicKey: QrPublicJwk;
  keyId: string;
}

const QR_TOKEN_VERSION = 'v1';
/** Far above a real token (~210 characters): anything longer is refused before any parsing. */
const QR_TOKEN_MAX_LENGTH = 512;

const TOKEN_PATTERN = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY_ID_PATTERN = /^[0-9a-f]{16}$/;
const SIGNATURE_BYTES = 64;

/** `qr_issued_at` as the token carries it. */
export const qrIssuedAtSeconds = (issuedAt: Date) => Math.floor(issuedAt.getTime() / 1000);

/** Base64url that decodes and encodes back to itself; undefined otherwise. */
function canonicalBase64url(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

function parsePayload(bytes: Buffer): { p: string; i: number; k: string } | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { p, i, k } = payload as Record<string, unknown>;
  if (typeof p !== 'string' || !UUID_PATTERN.test(p)) return undefined;
  if (typeof i !== 'number' || !Number.isSafeInteger(i) || i <= 0) return undefined;
  if (typeof k !== 'string' || !KEY_ID_PATTERN.test(k)) return undefined;
  return { p, i, k };
}

export interface QrServiceOptions {
  /** The Ed25519 private key that signs. */
  privateKey: KeyObject;
  /** Public keys still accepted besides the signing key's own (a rotation: codes signed by the previous key). */
  acceptedPublicKeys?: KeyObject[];
}

export function createQrService(options: QrServiceOptions): QrService {
  const { privateKey } = options;
  if (privateKey.asymmetricKeyType !== 'ed25519' || privateKey.type !== 'private')
    throw new Error('the QR signing key must be an Ed25519 private key');
  const ownPublicKey = createPublicKey(privateKey);
  const keyId = qrKeyId(ownPublicKey);
  const accepted = new Map<string, KeyObject>([
    [keyId, ownPublicKey],
    ...(options.acceptedPublicKeys ?? []).map((key) => [qrKeyId(key), key] as [string, KeyObject]),
  ]);
  const jwk = ownPublicKey.export({ format: 'jwk' });
  const publicKey: QrPublicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x ?? '', kid: keyId, alg: 'EdDSA', use: 'sig' };

  function issue(claims: { publicId: string; issuedAt: Date }): string {
    const payload = { p: claims.publicId.toLowerCase(), i: qrIssuedAtSeconds(claims.issuedAt), k: keyId };
    if (!parsePayload(Buffer.from(JSON.stringify(payload)))) throw new Error('QR claims out of range');
    const signingInput = `${QR_TOKEN_VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${signingInput}.${sign(null, Buffer.from(signingInput), privateKey).toString('base64url')}`;
  }

  function verify(token: string): QrVerifyResult {
    if (typeof token !== 'string' || token.length > QR_TOKEN_MAX_LENGTH) return { ok: false, reason: 'malformed' };
    const match = TOKEN_PATTERN.exec(token.trim());
    if (!match) return { ok: false, reason: 'malformed' };
    const [, payloadPart = '', signaturePart = ''] = match;
    const payloadBytes = canonicalBase64url(payloadPart);
    const payload = payloadBytes && parsePayload(payloadBytes);
    if (!payload) return { ok: false, reason: 'malformed' };
    const key = accepted.get(payload.k);
    if (!key) return { ok: false, reason: 'unknown-key' };
    const signature = canonicalBase64url(signaturePart);
    if (!signature || signature.length !== SIGNATURE_BYTES) return { ok: false, reason: 'signature' };
    if (!verifySignature(null, Buffer.from(`${QR_TOKEN_VERSION}.${payloadPart}`), key, signature))
      return { ok: false, reason: 'signature' };
    return { ok: true, claims: { publicId: payload.p, issuedAt: new Date(payload.i * 1000) }, keyId: payload.k };
  }

  return {
    issue,
    verify,
    png: async (token) => qrPng(token).toString('base64'),
    pngBuffer: (token) => qrPng(token),
    publicKey,
    keyId,
  };
}
