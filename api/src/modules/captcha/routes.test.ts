import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { SERVER_LANGUAGES, type CaptchaResponse } from '@varco/contracts';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { CAPTCHA_RATE_LIMIT_MAX } from './routes';
import { hashToken, verifyCaptcha } from './service';
import { speechBank, voiceOf } from './speech-bank';

const URL = '/api/v1/public/captcha';
const PNG_SIGNATURE = '89504e470d0a1a0a';

async function getCaptcha(app: TestApp, language: string): Promise<CaptchaResponse['captcha']> {
  const response = await app.inject({ method: 'GET', url: URL, headers: { 'accept-language': language } });
  assert.equal(response.statusCode, 200, response.body);
  assert.equal(response.headers['cache-control'], 'no-store');
  return response.json<CaptchaResponse>().captcha;
}

/** Checks a PCM 16-bit mono WAV and returns its duration in seconds. */
function wavSeconds(wav: Buffer): number {
  assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
  assert.equal(wav.readUInt32LE(4), wav.length - 8);
  assert.equal(wav.toString('ascii', 8, 16), 'WAVEfmt ');
  assert.equal(wav.readUInt16LE(20), 1, 'PCM');
  assert.equal(wav.readUInt16LE(22), 1, 'mono');
  assert.equal(wav.readUInt16LE(34), 16, '16 bit');
  assert.equal(wav.toString('ascii', 36, 40), 'data');
  assert.equal(wav.readUInt32LE(40), wav.length - 44);
  return wav.readUInt32LE(40) / wav.readUInt32LE(28);
}

describeEachDatabase('captcha call', ({ build, database }) => {
  let app: TestApp;
  before(async () => {
    app = build();
    await app.ready();
  });

  it('answers a token, a PNG picture and a WAV spelling the code, in Italian and in English', async () => {
    const italian = await getCaptcha(app, 'it-IT,it;q=0.9');
    const english = await getCaptcha(app, 'EN');
    assert.notEqual(italian.token, english.token);
    for (const captcha of [italian, english]) {
      assert.match(captcha.token, /^[\w-]{32}$/);
      const png = Buffer.from(captcha.imageB64, 'base64');
      assert.equal(png.subarray(0, 8).toString('hex'), PNG_SIGNATURE);
      assert.equal(png.toString('ascii', 12, 16), 'IHDR');
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [150, 50]);
      assert.ok(png.length > 1000, `${png.length} bytes of picture`);
      const seconds = wavSeconds(Buffer.from(captcha.audioB64, 'base64'));
      // Five letters and six pauses of 0.35 s: at least 3 s, and a spelled code is no speech of a minute.
      assert.ok(seconds > 3 && seconds < 15, `${seconds} s of audio`);
    }
    const stored = await database()
      .db.selectFrom('captcha_challenge')
      .select(['token_hash', 'language', 'consumed_at'])
      .where('token_hash', 'in', [hashToken(italian.token), hashToken(english.token)])
      .orderBy('language')
      .execute();
    assert.deepEqual(
      stored.map((row) => [row.language, row.consumed_at]),
      [
        ['EN', null],
        ['IT', null],
      ],
    );
    // The token itself is never stored.
    assert.ok(stored.every((row) => row.token_hash !== italian.token && row.token_hash !== english.token));
  });

  it('speaks Italian to Italian readers and English to the readers of the eleven other languages', async () => {
    const arabic = await getCaptcha(app, 'ar-SA,ar;q=0.9');
    const stored = await database()
      .db.selectFrom('captcha_challenge')
      .select('language')
      .where('token_hash', '=', hashToken(arabic.token))
      .executeTakeFirstOrThrow();
    assert.equal(stored.language, 'AR');
    assert.deepEqual(
      SERVER_LANGUAGES.filter((language) => voiceOf(language) === 'IT'),
      ['IT'],
    );
    const english = await speechBank.spell('AB3CD', 'EN');
    for (const language of ['AR', 'ZH-HANS', 'FR'] as const)
      assert.deepEqual(await speechBank.spell('AB3CD', language), english, language);
    assert.notDeepEqual(await speechBank.spell('AB3CD', 'IT'), english);
  });

  it('issues challenges that the registration verifies once', async () => {
    const { token } = await getCaptcha(app, 'EN');
    assert.deepEqual(await verifyCaptcha(database().db, token, 'wrong'), { valid: false, reason: 'wrong' });
    assert.deepEqual(await verifyCaptcha(database().db, token, 'wrong'), { valid: false, reason: 'unknown' });
  });

  it(`answers 429 in the error shape past ${CAPTCHA_RATE_LIMIT_MAX} calls a minute from one client`, async () => {
    const limited = build();
    // An address of its own: the apps of this file share their counters, as instances do.
    const remoteAddress = '10.70.0.1';
    for (let index = 0; index < CAPTCHA_RATE_LIMIT_MAX; index += 1) {
      assert.equal((await limited.inject({ method: 'GET', url: URL, remoteAddress })).statusCode, 200);
    }
    const refused = await limited.inject({
      method: 'GET',
      url: URL,
      headers: { 'accept-language': 'IT' },
      remoteAddress,
    });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { detail: 'Troppe richieste. Riprova tra qualche istante.' });
    assert.equal(refused.headers['cache-control'], 'no-store');
    assert.ok(refused.headers['retry-after']);
    // The stricter limit is the captcha's own: other calls still answer.
    assert.equal(
      (await limited.inject({ method: 'GET', url: '/api/v1/public/typology/TRANSPORT_TYPE' })).statusCode,
      200,
    );
  });
});
