import { hash as digest, randomBytes, randomInt } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * sha256 (hex): for random, high-entropy secrets (session tokens, keys, OTPs bound to a session). The one-shot
 * `crypto.hash` is several times cheaper than a Hash object, and every private call hashes its session cookie.
 */
export const sha256 = (value: string) => digest('sha256', value, 'hex');

/** An opaque random token (256 bits, base64url). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export const randomOtpCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane): memory-hard, tens of milliseconds a hash. */
// `Algorithm` is an ambient const enum (not importable under isolatedModules): 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm.Argon2id;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The argon2 functions the api calls, reached through this object rather than imported bare: a test counts the work
 * done (node:test's `mock.method(argon2, 'verify')`) instead of timing it.
 */
export const argon2 = { hash, verify };

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

/** A hash of nothing anyone knows, verified for unknown users so that their answer takes as long as a real one. */
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash (unknown user) it still spends the same work and fails. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomToken());
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(passwordHash, password);
  } catch {
    return false;
  }
}
