import type { ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { hashPassword } from '../../secrets';
import { demoTravelerQueries } from './repository';

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

/** A second demo traveler, who has no invoice yet: the portal's empty states. */
export const DEMO_TRAVELER_WITHOUT_INVOICES = {
  email: 'emily.clark@example.com',
  password: DEMO_TRAVELER.password,
  nome: 'Emily',
  cognome: 'Clark',
  dataNascita: '1992-09-03',
  paeseResidenza: 'GB',
  tipoDocumento: 'PASSAPORTO',
  paeseDocumento: 'GB',
  numeroDocumento: '533380006',
  language: 'EN',
} as const;

/** A demo traveler: the fields of DEMO_TRAVELER with values of their own. */
export type DemoTraveler = {
  readonly [K in keyof typeof DEMO_TRAVELER]: K extends 'language' ? ServerLanguage : string;
};

/**
 * Creates an ACTIVE demo traveler (the first one by default) unless its e-mail is taken; true when created now.
 * `passwordHash`: the hash of its password when the caller has one (copies share a password: one hash, not hundreds).
 */
export async function seedDemoTraveler(
  db: Kysely<Database>,
  traveler: DemoTraveler = DEMO_TRAVELER,
  passwordHash?: string,
): Promise<boolean> {
  if (await demoTravelerQueries.emailTaken(db, traveler.email)) return false;
  return demoTravelerQueries.insertActive(db, {
    email: traveler.email,
    password_hash: passwordHash ?? (await hashPassword(traveler.password)),
    nome: traveler.nome,
    cognome: traveler.cognome,
    data_nascita: traveler.dataNascita,
    paese_residenza: traveler.paeseResidenza,
    zona_residenza: null,
    tipo_documento: traveler.tipoDocumento,
    paese_documento: traveler.paeseDocumento,
    numero_documento: traveler.numeroDocumento,
    privacy: true,
    language: traveler.language,
  });
}
