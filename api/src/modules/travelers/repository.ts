import { normaliseDocumentNumber, type ServerLanguage } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import type { AccountKeyKind, Database } from '../../db/types';

export interface AccountKeyRecord {
  id: number;
  traveler_id: number;
  key2_hash: string;
  consumed_at: Date | null;
  expired: boolean;
}

/** Account-key queries; they take an executor so that they run in the caller's transaction. */
export const accountKeyQueries = {
  async insert(
    db: Kysely<Database>,
    values: { travelerId: number; kind: AccountKeyKind; key1Hash: string; key2Hash: string; expiresAt: Date },
  ): Promise<void> {
    await db
      .insertInto('account_key')
      .values({
        traveler_id: values.travelerId,
        kind: values.kind,
        key1_hash: values.key1Hash,
        key2_hash: values.key2Hash,
        expires_at: values.expiresAt,
      })
      .execute();
  },

  /** Ends every open key of that kind of the traveler (a newer key replaces them; a use ends them all). */
  async consumeOpen(db: Kysely<Database>, travelerId: number, kind: AccountKeyKind): Promise<void> {
    await db
      .updateTable('account_key')
      .set({ consumed_at: sql<Date>`now()` })
      .where('traveler_id', '=', travelerId)
      .where('kind', '=', kind)
      .where('consumed_at', 'is', null)
      .execute();
  },

  /** The key of a key1 hash and kind, whatever its state; `forUpdate` locks it for a use. */
  find(
    db: Kysely<Database>,
    key1Hash: string,
    kind: AccountKeyKind,
    at: Date,
    forUpdate = false,
  ): Promise<AccountKeyRecord | undefined> {
    const query = db
      .selectFrom('account_key')
      .select(['id', 'traveler_id', 'key2_hash', 'consumed_at', sql<boolean>`expires_at <= ${at}`.as('expired')])
      .where('key1_hash', '=', key1Hash)
      .where('kind', '=', kind);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  },
};

/** A traveler's id and state, by e-mail (case-insensitive). */
export function findAccountByEmail(db: Kysely<Database>, email: string, forUpdate = false) {
  const query = db
    .selectFrom('traveler')
    .select(['id', 'email', 'status', 'language', 'nome', 'cognome'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    // A digital identity traveler's provisional e-mail is not theirs yet (migration 0007).
    .where('status', '<>', 'PENDING_IDENTITY');
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The traveler holding an identity document (type, issuing country, number without spaces, case-insensitive). */
export function findAccountByDocument(
  db: Kysely<Database>,
  document: { type: string; country: string; number: string },
) {
  return db
    .selectFrom('traveler')
    .select(['id'])
    .where('tipo_documento', '=', document.type)
    .where('paese_documento', '=', document.country)
    .where(sql<string>`upper(numero_documento)`, '=', normaliseDocumentNumber(document.number))
    .executeTakeFirst();
}

/** The traveler's columns a registration writes (the form's data, the password hash, the consent and the language). */
export interface RegistrationColumns {
  email: string;
  password_hash: string;
  nome: string;
  cognome: string;
  data_nascita: string;
  paese_residenza: string;
  zona_residenza: string | null;
  tipo_documento: string;
  paese_documento: string;
  numero_documento: string;
  privacy: true;
  language: ServerLanguage;
}

/** Writes of the traveler row; they take an executor so that they run in the caller's transaction. */
export const travelerQueries = {
  /** A new PENDING traveler; its id. */
  async insertPending(db: Kysely<Database>, values: RegistrationColumns): Promise<number> {
    const row = await db
      .insertInto('traveler')
      .values({ ...values, status: 'PENDING' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** A PENDING traveler registering again: the new data replace the old. */
  async replaceRegistration(db: Kysely<Database>, travelerId: number, values: RegistrationColumns): Promise<void> {
    await db
      .updateTable('traveler')
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where('id', '=', travelerId)
      .execute();
  },

  async activate(db: Kysely<Database>, travelerId: number): Promise<void> {
    await db
      .updateTable('traveler')
      .set({ status: 'ACTIVE', activated_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', travelerId)
      .execute();
  },

  /** Stores a new password hash; the traveler's e-mail. */
  async setPasswordHash(db: Kysely<Database>, travelerId: number, passwordHash: string): Promise<string> {
    const { email } = await db
      .updateTable('traveler')
      .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
      .where('id', '=', travelerId)
      .returning('email')
      .executeTakeFirstOrThrow();
    return email;
  },

  /** The residence (country and zone, null for none). */
  async setResidence(db: Kysely<Database>, travelerId: number, country: string, zone: string | null): Promise<void> {
    await db
      .updateTable('traveler')
      .set({ paese_residenza: country, zona_residenza: zone, updated_at: sql<Date>`now()` })
      .where('id', '=', travelerId)
      .execute();
  },

  /** Every session of the traveler (a password change signs them all out). */
  async deleteSessions(db: Kysely<Database>, travelerId: number): Promise<void> {
    await db.deleteFrom('session').where('traveler_id', '=', travelerId).execute();
  },

  /** The traveler's e-mail, the row locked for its deletion; undefined when there is no such traveler. */
  async lockEmail(db: Kysely<Database>, travelerId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('traveler')
      .select('email')
      .where('id', '=', travelerId)
      .forUpdate()
      .executeTakeFirst();
    return row?.email;
  },

  /** Deletes the traveler; their sessions, OTPs and account keys go with the row (on delete cascade). */
  async delete(db: Kysely<Database>, travelerId: number): Promise<void> {
    await db.deleteFrom('traveler').where('id', '=', travelerId).execute();
  },
};
