// For tests of other modules only (api/README.md, "Modules"): a captcha challenge answered without the image.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { createCaptchaRepository } from './repository';
import { hashAnswer, hashToken } from './service';

export { createCaptchaRepository, hashAnswer, hashToken };

/** A live challenge whose answer is `answer`, stored as the captcha call stores it: the headers that solve it. */
export async function solvedCaptcha(db: Kysely<Database>, answer = 'AB12C') {
  const token = `test-token-${randomBytes(12).toString('base64url')}`;
  await createCaptchaRepository(db).insert({
    tokenHash: hashToken(token),
    answerHash: hashAnswer(token, answer),
    language: 'EN',
    ttlSeconds: 600,
  });
  return { 'x-captcha-token': token, 'x-captcha-value': answer };
}
