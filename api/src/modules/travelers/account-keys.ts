import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { wellFormedLinkKeys } from '@varco/contracts';
import type { AccountKeyKind, Database } from '../../db/types';
import { randomToken, sha256 } from '../../secrets';
import { accountKeyQueries } from './repository';

/**
 * The key pairs of the account's links (activation, password reset): key1 the id (128 bits), key2 the secret (256
 * bits), only their hashes stored; single use, each kind with its lifetime.
 */

/** How long the activation link of a registration works. */
export const ACTIVATION_KEY_TTL_MS = 48 * 60 * 60 * 1000;
/** How long a password-reset link works. */
export const RESET_KEY_TTL_MS = 60 * 60 * 1000;

const TTL_MS: Readonly<Record<AccountKeyKind, number>> = {
  ACTIVATION: ACTIVATION_KEY_TTL_MS,
  PASSWORD_RESET: RESET_KEY_TTL_MS,
};

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The portal's link to `path` carrying a key pair. */
export const keyLink = (publicBaseUrl: string, path: string, keys: { key1: string; key2: string }) =>
  `${publicBaseUrl}/${path}?${new URLSearchParams({ key1: keys.key1, key2: keys.key2 }).toString()}`;

/** A new key pair of `kind` for the traveler, stored (hashed) through `trx`, living its kind's lifetime from `at`. */
export async function issueKey(
  trx: Kysely<Database>,
  travelerId: number,
  kind: AccountKeyKind,
  at: Date,
): Promise<{ key1: string; key2: string }> {
  const key1 = randomBytes(16).toString('base64url');
  const key2 = randomToken();
  await accountKeyQueries.insert(trx, {
    travelerId,
    kind,
    key1Hash: sha256(key1),
    key2Hash: sha256(key2),
    expiresAt: new Date(at.getTime() + TTL_MS[kind]),
  });
  return { key1, key2 };
}

/** Checks a key pair of `kind` inside `trx` (locking it when `forUpdate`): the key, or the catalogue key of the refusal. */
export async function usableKey(
  trx: Kysely<Database>,
  kind: AccountKeyKind,
  key1: string,
  key2: string,
  at: Date,
  forUpdate: boolean,
) {
  // A key longer than any issued is refused before hashing.
  if (!wellFormedLinkKeys(key1, key2)) return 'key.invalid' as const;
  const key = await accountKeyQueries.find(trx, sha256(key1), kind, at, forUpdate);
  if (!key || key.consumed_at || !sameHash(key.key2_hash, sha256(key2))) return 'key.invalid' as const;
  if (key.expired) return 'key.expired' as const;
  return key;
}
