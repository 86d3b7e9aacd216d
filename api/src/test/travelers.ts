import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, SessionLevel } from '../db/types';
import { hashPassword, sha256 } from '../secrets';
import { SESSION_COOKIE } from '../modules/auth';

let sequence = 0;

export interface SignedInTraveler {
  id: number;
  /** The `cookie` header of a FULL session. */
  cookie: string;
  document: { type: string; country: string; number: string };
}

/**
 * An ACTIVE traveler of its own (unique e-mail and passport number per call) with a signed-in (FULL) session written
 * straight into the database: for the tests of private calls, which need not go through the sign-in itself.
 */
export async function signedInTraveler(
  db: Kysely<Database>,
  overrides: { country?: string; number?: string } = {},
): Promise<SignedInTraveler> {
  sequence += 1;
  const document = {
    type: 'PASSAPORTO',
    country: overrides.country ?? 'US',
    number: overrides.number ?? `T${process.pid}X${sequence}${randomBytes(2).toString('hex')}`.toUpperCase(),
  };
  const traveler = await db
    .insertInto('traveler')
    .values({
      email: `holder.${process.pid}.${sequence}.${randomBytes(3).toString('hex')}@example.com`,
      password_hash: null,
      nome: 'Grace',
      cognome: 'Hopper',
      data_nascita: '1985-12-09',
      paese_residenza: 'US',
      zona_residenza: null,
      tipo_documento: document.type,
      paese_documento: document.country,
      // As the traveler typed it: matching invoices ignores the case.
      numero_documento: document.number.toLowerCase(),
      privacy: true,
      language: 'EN',
      status: 'ACTIVE',
      activated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: traveler.id, cookie: await sessionCookie(db, traveler.id), document };
}

/** A new session of an hour at `level`, written straight into the database: the `cookie` header that carries it. */
export async function sessionCookie(
  db: Kysely<Database>,
  travelerId: number,
  level: SessionLevel = 'FULL',
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('session')
    .values({
      token_hash: sha256(token),
      traveler_id: travelerId,
      level,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return `${SESSION_COOKIE}=${token}`;
}

/** An ACTIVE traveler of its own who signs in with `password` (the credentials sign-in's tests). Returns its e-mail. */
export async function travelerWithPassword(
  db: Kysely<Database>,
  password: string,
): Promise<{ id: number; email: string }> {
  const traveler = await signedInTraveler(db);
  const { email } = await db
    .updateTable('traveler')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', traveler.id)
    .returning('email')
    .executeTakeFirstOrThrow();
  return { id: traveler.id, email };
}

/**
 * A traveler written straight into the database, without a session: Anna Bianchi, a Swiss passport `documentNumber`,
 * who signs in with `password` (the tests of the credentials sign-in, and of an e-mail another account holds).
 */
export async function insertTraveler(
  db: Kysely<Database>,
  {
    email,
    password,
    documentNumber,
    status = 'ACTIVE',
  }: { email: string; password: string; documentNumber: string; status?: 'ACTIVE' | 'PENDING' },
): Promise<void> {
  await db
    .insertInto('traveler')
    .values({
      email,
      password_hash: await hashPassword(password),
      nome: 'Anna',
      cognome: 'Bianchi',
      data_nascita: '1990-01-31',
      paese_residenza: 'CH',
      zona_residenza: null,
      tipo_documento: 'PASSAPORTO',
      paese_documento: 'CH',
      numero_documento: documentNumber,
      privacy: true,
      language: 'IT',
      status,
    })
    .execute();
}
