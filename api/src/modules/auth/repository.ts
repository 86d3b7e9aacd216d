import type { ServerLanguage } from '@varco/contracts';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, SessionLevel, TravelerStatus } from '../../db/types';
import type { SessionRecord } from '../../session-record';

export type { SessionRecord };

export interface TravelerRecord {
  id: number;
  email: string;
  password_hash: string | null;
  nome: string;
  cognome: string;
  data_nascita: string;
  paese_residenza: string | null;
  zona_residenza: string | null;
  tipo_documento: string | null;
  paese_documento: string | null;
  numero_documento: string;
  privacy: boolean;
  language: ServerLanguage;
  status: TravelerStatus;
  identity_provider: 'CREDENTIALS' | 'SPID';
}

export interface OtpRecord {
  id: number;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

const travelerColumns = [
  'id',
  'email',
  'password_hash',
  'nome',
  'cognome',
  sql<string>`to_char(data_nascita, 'YYYY-MM-DD')`.as('data_nascita'),
  'paese_residenza',
  'zona_residenza',
  'tipo_documento',
  'paese_documento',
  'numero_documento',
  'privacy',
  'language',
  'status',
  'identity_provider',
] as const;

export function createAuthRepository(db: Kysely<Database>) {
  return {
    findTravelerByEmail(email: string): Promise<TravelerRecord | undefined> {
      return (
        db
          .selectFrom('traveler')
          .select(travelerColumns)
          .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
          // A digital identity traveler's provisional e-mail is not theirs yet (migration 0007).
          .where('status', '<>', 'PENDING_IDENTITY')
          .executeTakeFirst()
      );
    },

    findTravelerById(id: number): Promise<TravelerRecord | undefined> {
      return db.selectFrom('traveler').select(travelerColumns).where('id', '=', id).executeTakeFirst();
    },

    async createSession(values: {
      tokenHash: string;
      travelerId: number;
      level: SessionLevel;
      expiresAt: Date;
      passkeyId?: number;
    }): Promise<void> {
      await db
        .insertInto('session')
        .values({
          token_hash: values.tokenHash,
          traveler_id: values.travelerId,
          level: values.level,
          expires_at: values.expiresAt,
          passkey_id: values.passkeyId ?? null,
        })
        .execute();
    },

    /** The session of a token hash if it has not expired. */
    findLiveSession(tokenHash: string, now: Date): Promise<SessionRecord | undefined> {
      return db
        .selectFrom('session')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async touchSession(tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db
        .updateTable('session')
        .set({ last_seen_at: now, expires_at: expiresAt })
        .where('token_hash', '=', tokenHash)
        .execute();
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.deleteFrom('session').where('expires_at', '<=', now).execute();
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** OTP queries; they take an executor so that they run in the caller's transaction. */
export const otpQueries = {
  async consumeOpenCodes(db: Kysely<Database>, tokenHash: string): Promise<void> {
    await db
      .updateTable('otp')
      .set({ consumed_at: sql<Date>`now()` })
      .where('session_token_hash', '=', tokenHash)
      .where('consumed_at', 'is', null)
      .execute();
  },

  async insert(db: Kysely<Database>, values: { tokenHash: string; codeHash: string; expiresAt: Date }): Promise<void> {
    await db
      .insertInto('otp')
      .values({ session_token_hash: values.tokenHash, code_hash: values.codeHash, expires_at: values.expiresAt })
      .execute();
  },

  /** The newest code of the session, whatever its state, locked for the check. */
  latestForUpdate(db: Kysely<Database>, tokenHash: string): Promise<OtpRecord | undefined> {
    return db
      .selectFrom('otp')
      .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
      .where('session_token_hash', '=', tokenHash)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
  },

  async countAttempt(db: Kysely<Database>, id: number, attempts: number): Promise<void> {
    await db.updateTable('otp').set({ attempts }).where('id', '=', id).execute();
  },

  async consume(db: Kysely<Database>, id: number): Promise<void> {
    await db
      .updateTable('otp')
      .set({ consumed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  },
};

/** The sign-in's queries that run in the caller's transaction. */
export const signInQueries = {
  /** Who a traveler's mails are addressed to. */
  recipient(db: Kysely<Database>, travelerId: number): Promise<{ email: string; nome: string; cognome: string }> {
    return db
      .selectFrom('traveler')
      .select(['email', 'nome', 'cognome'])
      .where('id', '=', travelerId)
      .executeTakeFirstOrThrow();
  },

  /** An OTP_PENDING session whose code was right becomes FULL, seen at `at`, its expiry `expiresAt`. */
  async promoteSession(db: Kysely<Database>, tokenHash: string, at: Date, expiresAt: Date): Promise<void> {
    await db
      .updateTable('session')
      .set({ level: 'FULL', last_seen_at: at, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  },
};

/** The demo travelers' rows (demo-traveler.ts). */
export const demoTravelerQueries = {
  /** Whether a traveler's e-mail, in lower case, is `email` (whatever the account's state). */
  async emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
    const row = await db
      .selectFrom('traveler')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Inserts an ACTIVE traveler unless a unique key (e-mail, document) is taken; true when inserted. */
  async insertActive(
    db: Kysely<Database>,
    values: Omit<Insertable<Database['traveler']>, 'status' | 'activated_at'>,
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('traveler')
      .values({ ...values, status: 'ACTIVE', activated_at: new Date() })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },
};
