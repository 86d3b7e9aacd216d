import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { before, it } from 'node:test';
import { describeEachDatabase } from '../../test/app';
import { raceRounds } from '../../test/races';
import { createCaptchaRepository } from './repository';
import { captchaInvalid, hashAnswer, hashToken, verifyCaptcha } from './service';

describeEachDatabase('captcha verification', ({ build, database, postgresOnly }) => {
  // A fresh PostgreSQL test database is migrated by the app's start.
  before(async () => {
    await build().ready();
  });

  /** A challenge whose answer is `code`, stored as the service stores it; `ttlSeconds` < 0 makes it expired. */
  async function challenge(code: string, ttlSeconds = 600): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await createCaptchaRepository(database().db).insert({
      tokenHash: hashToken(token),
      answerHash: hashAnswer(token, code),
      language: 'EN',
      ttlSeconds,
    });
    return token;
  }

  it('accepts the right value in any case once, then refuses the used token', async () => {
    const token = await challenge('AB3CD');
    assert.deepEqual(await verifyCaptcha(database().db, token, ' ab3Cd '), { valid: true });
    assert.deepEqual(await verifyCaptcha(database().db, token, 'AB3CD'), { valid: false, reason: 'unknown' });
  });

  it('consumes the challenge at a wrong attempt: the right value afterwards fails', async () => {
    const token = await challenge('XY7ZK');
    assert.deepEqual(await verifyCaptcha(database().db, token, 'XY7ZJ'), { valid: false, reason: 'wrong' });
    assert.deepEqual(await verifyCaptcha(database().db, token, 'XY7ZK'), { valid: false, reason: 'unknown' });
    const row = await database()
      .db.selectFrom('captcha_challenge')
      .select(['consumed_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    assert.ok(row.consumed_at instanceof Date);
  });

  it('refuses an expired challenge, an unknown token and missing values', async () => {
    const expired = await challenge('EXP22', -1);
    assert.deepEqual(await verifyCaptcha(database().db, expired, 'EXP22'), { valid: false, reason: 'expired' });
    assert.deepEqual(await verifyCaptcha(database().db, 'no-such-token', 'EXP22'), { valid: false, reason: 'unknown' });
    const token = await challenge('MISS3');
    assert.deepEqual(await verifyCaptcha(database().db, undefined, 'MISS3'), { valid: false, reason: 'missing' });
    assert.deepEqual(await verifyCaptcha(database().db, token, '   '), { valid: false, reason: 'missing' });
    assert.deepEqual(await verifyCaptcha(database().db, token, 'X'.repeat(100)), { valid: false, reason: 'missing' });
    // None of the refusals above consumed it.
    assert.deepEqual(await verifyCaptcha(database().db, token, 'miss3'), { valid: true });
  });

  it(
    'lets only one of two simultaneous attempts with the same token succeed',
    postgresOnly('the two attempts race over two connections'),
    async () => {
      await raceRounds(async () => {
        const token = await challenge('TWO22');
        const results = await Promise.all([
          verifyCaptcha(database().db, token, 'TWO22'),
          verifyCaptcha(database().db, token, 'TWO22'),
        ]);
        assert.equal(results.filter((result) => result.valid).length, 1);
      });
    },
  );

  it('purges challenges expired for longer than the grace period', async () => {
    const old = await challenge('OLD22', -7200);
    const recent = await challenge('NEW22');
    const repository = createCaptchaRepository(database().db);
    assert.ok((await repository.purgeExpired(3600)) >= 1);
    const left = await database()
      .db.selectFrom('captcha_challenge')
      .select('token_hash')
      .where('token_hash', 'in', [hashToken(old), hashToken(recent)])
      .execute();
    assert.deepEqual(
      left.map((row) => row.token_hash),
      [hashToken(recent)],
    );
  });

  it('gives the registration its error: 400, captcha not present or invalid', () => {
    const error = captchaInvalid();
    assert.equal(error.statusCode, 400);
    assert.equal(error.detail.key, 'captcha.invalid');
  });
});
