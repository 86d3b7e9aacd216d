import { normaliseDocumentNumber } from '@varco/contracts';
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
  async insert(db: Kysely<Database>, values: { travelerId: number; kind: AccountKeyKind; key1Hash: string; key2Hash: string; expiresAt: Date }): Promise<void> {
    await db
      .insertInto('account_key')
      .values({ traveler_id: values.travelerId, kind: values.kind, key1_hash: values.key1Hash, key2_hash: values.key2Hash, expires_at: values.expiresAt })
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
  find(db: Kysely<Database>, key1Hash: string, kind: AccountKeyKind, at: Date, forUpdate = false): Promise<AccountKeyRecord | undefined> {
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
export function findAccountByDocument(db: Kysely<Database>, document: { type: string; country: string; number: string }) {
  return db
    .selectFrom('traveler')
    .select(['id'])
    .where('tipo_documento', '=', document.type)
    .where('paese_documento', '=', document.country)
    .where(sql<string>`upper(numero_documento)`, '=', normaliseDocumentNumber(document.number))
    .executeTakeFirst();
}
