import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hashPassword } from './secrets';

/** The demo traveler of `npm start` and the browser tests (never created in production unless asked for). */
export const DEMO_TRAVELER = {
  email: 'mario.rossi@example.com',
  password: 'Varco-Demo-2026!',
  nome: 'Mario',
  cognome: 'Rossi',
  dataNascita: '1980-05-15',
  paeseResidenza: 'US',
  tipoDocumento: 'PASSAPORTO',
  paeseDocumento: 'US',
  numeroDocumento: 'YA1234567',
  language: 'EN',
} as const;

/** Creates the ACTIVE demo traveler unless its e-mail is taken; true when it was created now. */
export async function seedDemoTraveler(db: Kysely<Database>): Promise<boolean> {
  const exists = await db
    .selectFrom('traveler')
    .select('id')
    .where(sql<string>`lower(email)`, '=', DEMO_TRAVELER.email)
    .executeTakeFirst();
  if (exists) return false;
  const inserted = await db
    .insertInto('traveler')
    .values({
      email: DEMO_TRAVELER.email,
      password_hash: await hashPassword(DEMO_TRAVELER.password),
      nome: DEMO_TRAVELER.nome,
      cognome: DEMO_TRAVELER.cognome,
      data_nascita: DEMO_TRAVELER.dataNascita,
      paese_residenza: DEMO_TRAVELER.paeseResidenza,
      zona_residenza: null,
      tipo_documento: DEMO_TRAVELER.tipoDocumento,
      paese_documento: DEMO_TRAVELER.paeseDocumento,
      numero_documento: DEMO_TRAVELER.numeroDocumento,
      privacy: true,
      language: DEMO_TRAVELER.language,
      status: 'ACTIVE',
      activated_at: new Date(),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
