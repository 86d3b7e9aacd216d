import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { CaptchaResponse } from '@varco/contracts';
import { describeEachDatabase, type TestApp } from '../../test/app';
import { CAPTCHA_RATE_LIMIT_MAX } from './routes';
import { hashToken, verifyCaptcha } from './service';
import { speechBank, type SpokenAlphabet } from './speech-bank';
import { parseWav } from './wav';

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

/**
 * The code a WAV spells with `alphabet`'s letters, read back sample for sample (the pauses between letters are exact
 * silence); undefined when some part is none of them.
 */
function heardCode(wav: Buffer, { letters }: SpokenAlphabet): string | undefined {
  const { samples } = parseWav(wav);
  let code = '';
  let offset = 0;
  for (;;) {
    while (offset < samples.length && samples[offset] === 0) offset += 1;
    if (offset === samples.length) return code;
    const start = offset;
    const heard = [...letters].find(
      ([, letter]) =>
        start + letter.length <= samples.length && letter.every((sample, index) => samples[start + index] === sample),
    );
    if (!heard) return undefined;
    code += heard[0];
    offset += heard[1].length;
  }
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

  it('speaks French to a French browser, and English to Arabic, Japanese, Korean and Russian readers', async () => {
    const arabic = await getCaptcha(app, 'ar-SA,ar;q=0.9');
    const stored = await database()
      .db.selectFrom('captcha_challenge')
      .select('language')
      .where('token_hash', '=', hashToken(arabic.token))
      .executeTakeFirstOrThrow();
    assert.equal(stored.language, 'AR');
    const english = await speechBank.spell('AB3CD', 'EN');
    for (const language of ['AR', 'JA', 'KO', 'RU'] as const)
      assert.deepEqual(await speechBank.spell('AB3CD', language), english, language);
    // The browser's tag reaches the voice, and the French audio spells the code the registration accepts
    // (speech-bank.test.ts checks each voice).
    const french = await getCaptcha(app, 'fr-FR,fr;q=0.9');
    const audio = Buffer.from(french.audioB64, 'base64');
    assert.equal(heardCode(audio, await speechBank.alphabet('EN')), undefined);
    const code = heardCode(audio, await speechBank.alphabet('FR'));
    assert.match(code ?? '', /^[A-Z2-9]{5}$/);
    assert.deepEqual(await verifyCaptcha(database().db, french.token, code), { valid: true });
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
