import { sql, type Kysely } from 'kysely';
import type { Database, PasskeyDeviceType } from '../../db/types';

export interface PasskeyRecord {
  id: number;
  traveler_id: number;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  device_type: PasskeyDeviceType;
  backed_up: boolean;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

export interface ChallengeRecord {
  purpose: 'REGISTRATION' | 'AUTHENTICATION';
  challenge: string;
  session_token_hash: string | null;
  live: boolean;
}

const passkeyColumns = [
  'id',
  'traveler_id',
  'credential_id',
  'public_key',
  // bigint: `pg` reads it as text; a counter is a 32-bit value in WebAuthn.
  sql<number>`counter::float8`.as('counter'),
  'device_type',
  'backed_up',
  'transports',
  'name',
  'created_at',
  'last_used_at',
] as const;

/** The passkeys' queries; each takes an executor so that it runs in the caller's transaction when there is one. */
export const passkeyQueries = {
  list(db: Kysely<Database>, travelerId: number): Promise<PasskeyRecord[]> {
    return db
      .selectFrom('passkey')
      .select(passkeyColumns)
      .where('traveler_id', '=', travelerId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  async count(db: Kysely<Database>, travelerId: number): Promise<number> {
    const row = await db
      .selectFrom('passkey')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('traveler_id', '=', travelerId)
      .executeTakeFirstOrThrow();
    return row.count;
  },

  findByCredentialId(db: Kysely<Database>, credentialId: string): Promise<PasskeyRecord | undefined> {
    return db.selectFrom('passkey').select(passkeyColumns).where('credential_id', '=', credentialId).executeTakeFirst();
  },

  async insert(
    db: Kysely<Database>,
    values: {
      travelerId: number;
      credentialId: string;
      publicKey: Uint8Array;
      counter: number;
      deviceType: PasskeyDeviceType;
      backedUp: boolean;
      transports: string[];
      name: string;
    },
  ): Promise<PasskeyRecord | undefined> {
    return (
      db
        .insertInto('passkey')
        .values({
          traveler_id: values.travelerId,
          credential_id: values.credentialId,
          public_key: values.publicKey,
          counter: values.counter,
          device_type: values.deviceType,
          backed_up: values.backedUp,
          transports: values.transports,
          name: values.name,
        })
        // The same authenticator registered twice (by this traveler or another): no second row.
        .onConflict((conflict) => conflict.column('credential_id').doNothing())
        .returning(passkeyColumns)
        .executeTakeFirst()
    );
  },

  /**
   * Records a sign-in with the passkey: the new counter and backup state, at `at`, only if the stored counter is still
   * below the new one (or both are 0: an authenticator that does not count). One statement, so that of sign-ins racing
   * with one counter value (a cloned authenticator) exactly one is recorded. Answers whether this one was.
   */
  async recordUse(
    db: Kysely<Database>,
    id: number,
    values: { counter: number; backedUp: boolean; at: Date },
  ): Promise<boolean> {
    const result = await db
      .updateTable('passkey')
      .set({ counter: values.counter, backed_up: values.backedUp, last_used_at: values.at })
      .where('id', '=', id)
      .where('counter', values.counter === 0 ? '=' : '<', String(values.counter))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  /** Deletes a traveler's passkey; returns its name, or undefined when the traveler has no such passkey. */
  async delete(db: Kysely<Database>, travelerId: number, id: number): Promise<string | undefined> {
    const row = await db
      .deleteFrom('passkey')
      .where('id', '=', id)
      .where('traveler_id', '=', travelerId)
      .returning('name')
      .executeTakeFirst();
    return row?.name;
  },

  /** The traveler's WebAuthn user handle, created on first use. */
  async userHandle(db: Kysely<Database>, travelerId: number, candidate: string): Promise<string> {
    await db
      .insertInto('passkey_user')
      .values({ traveler_id: travelerId, user_handle: candidate })
      .onConflict((conflict) => conflict.column('traveler_id').doNothing())
      .execute();
    const row = await db
      .selectFrom('passkey_user')
      .select('user_handle')
      .where('traveler_id', '=', travelerId)
      .executeTakeFirstOrThrow();
    return row.user_handle;
  },

  async travelerOfUserHandle(db: Kysely<Database>, userHandle: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('passkey_user')
      .select('traveler_id')
      .where('user_handle', '=', userHandle)
      .executeTakeFirst();
    return row?.traveler_id;
  },

  /** Whether the traveler may sign in (an ACTIVE account). */
  async travelerIsActive(db: Kysely<Database>, travelerId: number): Promise<boolean> {
    const row = await db.selectFrom('traveler').select('status').where('id', '=', travelerId).executeTakeFirst();
    return row?.status === 'ACTIVE';
  },
};

export const challengeQueries = {
  /** Stores a challenge; expired ones are cleared on the way (an index range, usually empty). */
  async insert(
    db: Kysely<Database>,
    values: {
      idHash: string;
      purpose: ChallengeRecord['purpose'];
      challenge: string;
      sessionTokenHash: string | null;
      expiresAt: Date;
      now: Date;
    },
  ): Promise<void> {
    await db.deleteFrom('webauthn_challenge').where('expires_at', '<=', values.now).execute();
    await db
      .insertInto('webauthn_challenge')
      .values({
        id_hash: values.idHash,
        purpose: values.purpose,
        challenge: values.challenge,
        session_token_hash: values.sessionTokenHash,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  /** Takes a challenge out (single use: one statement, so two concurrent takes cannot both get it). */
  take(db: Kysely<Database>, idHash: string, now: Date): Promise<ChallengeRecord | undefined> {
    return db
      .deleteFrom('webauthn_challenge')
      .where('id_hash', '=', idHash)
      .returning(['purpose', 'challenge', 'session_token_hash', sql<boolean>`expires_at > ${now}`.as('live')])
      .executeTakeFirst();
  },
};
