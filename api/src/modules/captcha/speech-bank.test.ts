import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { SERVER_LANGUAGES } from '@varco/contracts';
import { CAPTCHA_ALPHABET } from './code';
import { speechBank, voiceOf } from './speech-bank';
import { parseWav } from './wav';

/** With Z, the letter whose name every voice but English is given written out. */
const CODE = 'AB3CZ';
/** The shortest letter name (French E, Spanish U) lasts about 0.2 s; a silent or failed clip lasts none. */
const MIN_LETTER_SECONDS = 0.1;
/** The longest (Spanish W, "uve doble") about 0.8 s: a character read as something else often runs longer. */
const MAX_LETTER_SECONDS = 1;

const spoken = SERVER_LANGUAGES.filter((language) => voiceOf(language) === language);

it('speaks each language in its own voice where mespeak has one, and English to the others', () => {
  assert.deepEqual(spoken, ['IT', 'EN', 'ZH-HANS', 'ES', 'FR', 'DE', 'PT-BR', 'TR']);
  assert.deepEqual(
    SERVER_LANGUAGES.filter((language) => voiceOf(language) === 'EN'),
    ['EN', 'AR', 'JA', 'KO', 'RU'],
  );
});

// Each voice is synthesized once (about a second of a core), in its own test, and the bank keeps it for the others.
describe('spoken alphabets', () => {
  let english: Buffer;
  before(async () => {
    english = await speechBank.spell(CODE, 'EN');
  });

  for (const language of spoken) {
    it(`${language}: every character has a clip of its own, and a code is a WAV of them`, async () => {
      const { sampleRate, letters, printed } = await speechBank.alphabet(language);
      assert.equal(sampleRate, 11025);
      for (const character of CAPTCHA_ALPHABET) {
        // eSpeak reports a failure (a letter sent to a dictionary it does not have) only in what it prints.
        assert.deepEqual(printed.get(character), [], `${language} ${character}`);
        const seconds = (letters.get(character)?.length ?? 0) / sampleRate;
        assert.ok(
          seconds > MIN_LETTER_SECONDS && seconds < MAX_LETTER_SECONDS,
          `${language} ${character}: ${seconds} s`,
        );
      }
      const wav = await speechBank.spell(CODE, language);
      assert.equal(wav.readUInt32LE(4), wav.length - 8);
      const pcm = parseWav(wav);
      assert.equal(pcm.sampleRate, sampleRate);
      const seconds = pcm.samples.length / sampleRate;
      // Five letters and six pauses of 0.35 s.
      assert.ok(seconds > 3 && seconds < 8, `${seconds} s`);
      if (language !== 'EN') assert.notDeepEqual(wav, english);
    });
  }
});
