import type { ServerLanguage } from '@varco/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

interface ConsumedChallenge {
  answerHash: string;
  expired: boolean;
}

export interface CaptchaRepository {
  /** Stores a challenge that expires `ttlSeconds` after now (the database's clock, like every later check). */
  insert(challenge: {
    tokenHash: string;
    answerHash: string;
    language: ServerLanguage;
    ttlSeconds: number;
  }): Promise<void>;
  /**
   * Marks the challenge consumed and returns it, in one statement: of two concurrent attempts with one token only one
   * gets a row. Null when the token is unknown or was already used.
   */
  consume(tokenHash: string): Promise<ConsumedChallenge | null>;
  /** Deletes challenges expired for more than `graceSeconds`; returns how many. */
  purgeExpired(graceSeconds: number): Promise<number>;
}

export function createCaptchaRepository(db: Kysely<Database>): CaptchaRepository {
  return {
    async insert({ tokenHash, answerHash, language, ttlSeconds }) {
      await db
        .insertInto('captcha_challenge')
        .values({
          token_hash: tokenHash,
          answer_hash: answerHash,
          language,
          expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})`,
        })
        .execute();
    },

    async consume(tokenHash) {
      const row = await db
        .updateTable('captcha_challenge')
        .set({ consumed_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('consumed_at', 'is', null)
        .returning(['answer_hash', sql<boolean>`expires_at <= now()`.as('expired')])
        .executeTakeFirst();
      return row ? { answerHash: row.answer_hash, expired: row.expired } : null;
    },

    async purgeExpired(graceSeconds) {
      const result = await db
        .deleteFrom('captcha_challenge')
        .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
