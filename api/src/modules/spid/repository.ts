import type { ServerLanguage } from '@varco/contracts';
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../../db/types';

// The SQL of the digital identity sign-in. Every function takes the database or the transaction it must run in.

/** Drops the sign-ins in flight that expired by `at`, and keeps a new one (its state is stored hashed). */
export async function rememberLogin(
  db: Kysely<Database>,
  at: Date,
  login: { stateHash: string; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.deleteFrom('oidc_login').where('expires_at', '<=', at).execute();
  await db
    .insertInto('oidc_login')
    .values({
      state_hash: login.stateHash,
      code_verifier: login.codeVerifier,
      nonce: login.nonce,
      expires_at: login.expiresAt,
    })
    .execute();
}

/** Takes (deletes) the sign-in of a state hash; `live` tells whether it had not expired at `at`. */
export function takeLogin(db: Kysely<Database>, stateHash: string, at: Date) {
  return db
    .deleteFrom('oidc_login')
    .where('state_hash', '=', stateHash)
    .returning(['code_verifier', 'nonce', sql<boolean>`expires_at > ${at}`.as('live')])
    .executeTakeFirst();
}

/** The traveler linked to a digital identity, locked (FOR UPDATE) until the end of the transaction. */
export function lockTravelerOfIdentity(trx: Kysely<Database>, subject: string) {
  return trx
    .selectFrom('traveler')
    .select(['id', 'status'])
    .where('identity_subject', '=', subject)
    .forUpdate()
    .executeTakeFirst();
}

/** A traveler by id, locked (FOR UPDATE) until the end of the transaction. */
export function lockTraveler(trx: Kysely<Database>, id: number) {
  return trx.selectFrom('traveler').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What the identity provider tells of a traveler. */
export interface IdentityPrefill {
  nome: string;
  cognome: string;
  data_nascita: string;
  email: string;
  fiscal_number: string | null;
}

export async function updatePrefill(trx: Kysely<Database>, id: number, prefill: IdentityPrefill): Promise<void> {
  await trx
    .updateTable('traveler')
    .set({ ...prefill, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A PENDING_IDENTITY traveler: no password, residence or document yet; `documentNumber` stands for the document. */
export async function insertIdentityTraveler(
  trx: Kysely<Database>,
  values: { prefill: IdentityPrefill; documentNumber: string; language: ServerLanguage; subject: string },
): Promise<number> {
  const row = await trx
    .insertInto('traveler')
    .values({
      ...values.prefill,
      password_hash: null,
      paese_residenza: null,
      zona_residenza: null,
      tipo_documento: null,
      paese_documento: null,
      numero_documento: values.documentNumber,
      privacy: false,
      language: values.language,
      status: 'PENDING_IDENTITY',
      identity_provider: 'SPID',
      identity_subject: values.subject,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteTraveler(trx: Kysely<Database>, id: number): Promise<void> {
  await trx.deleteFrom('traveler').where('id', '=', id).execute();
}

/** The completed registration of a digital identity traveler: the given columns, ACTIVE from `at`. */
export async function activateTraveler(
  trx: Kysely<Database>,
  id: number,
  at: Date,
  columns: Updateable<Database['traveler']>,
): Promise<void> {
  await trx
    .updateTable('traveler')
    .set({ ...columns, status: 'ACTIVE', activated_at: at, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Makes a session FULL, seen at `at`, until `expiresAt`. */
export async function promoteSession(
  trx: Kysely<Database>,
  tokenHash: string,
  at: Date,
  expiresAt: Date,
): Promise<void> {
  await trx
    .updateTable('session')
    .set({ level: 'FULL', last_seen_at: at, expires_at: expiresAt })
    .where('token_hash', '=', tokenHash)
    .execute();
}
