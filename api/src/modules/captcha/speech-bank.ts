import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ServerLanguage } from '@varco/contracts';
import { CAPTCHA_ALPHABET } from './code';
import { halveRate, joinWav, parseWav, trimSilence } from './wav';

/**
 * The spoken alphabet of the audio captcha, per language. mespeak (eSpeak compiled to JavaScript) needs
 * milliseconds per letter and far more to start, all of it synchronous: run per request it would block every other
 * request. So each language's letters are synthesized once, in a worker thread (the event loop never stalls), and a
 * code's audio is then the join of its letters' samples.
 */

const require = createRequire(import.meta.url);

/**
 * The voices the captcha speaks with, by the language they serve: mespeak's files, resolved here so that the worker
 * finds them from the sources and from the bundle alike. eSpeak's `pt` is Brazilian (`pt-pt` is European).
 */
const VOICES = {
  IT: { file: 'mespeak/voices/it.json', id: 'it' },
  EN: { file: 'mespeak/voices/en/en.json', id: 'en/en' },
  'ZH-HANS': { file: 'mespeak/voices/zh.json', id: 'zh' },
  ES: { file: 'mespeak/voices/es.json', id: 'es' },
  FR: { file: 'mespeak/voices/fr.json', id: 'fr' },
  DE: { file: 'mespeak/voices/de.json', id: 'de' },
  'PT-BR': { file: 'mespeak/voices/pt.json', id: 'pt' },
  TR: { file: 'mespeak/voices/tr.json', id: 'tr' },
} as const satisfies Partial<Record<ServerLanguage, { file: string; id: string }>>;

type Voice = keyof typeof VOICES;

/**
 * Synthesized when the server starts listening. Each other voice is synthesized at its language's first captcha, which
 * waits for it: six more workers at every start would compete with the first requests for the cores.
 */
const WARM_VOICES: readonly Voice[] = ['IT', 'EN'];

/**
 * Each language in its own voice where mespeak has one; Arabic, Japanese, Korean and Russian have none and get the
 * English audio (the code is Latin letters and digits; the picture itself is the same in every language).
 */
export const voiceOf = (language: ServerLanguage): Voice =>
  Object.hasOwn(VOICES, language) ? (language as Voice) : 'EN';

/**
 * The worker, as CommonJS source: a separate file would need its own entry in the bundle and a different path in
 * the sources (tsx) and in dist/. It answers, per text in order, the WAV and what eSpeak printed meanwhile: eSpeak
 * reports a failure (a missing dictionary, a voice not loaded) only there, through the console.warn it keeps at load.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let printed = [];
console.warn = (...parts) => printed.push(parts.join(' '));
const meSpeak = require(workerData.mespeak);
meSpeak.loadConfig(require(workerData.config)); // the config must be loaded before any voice
meSpeak.loadVoice(require(workerData.voice));
parentPort.postMessage(workerData.texts.map((text) => {
  printed = [];
  const wav = meSpeak.speak(text, { rawdata: 'buffer', voice: workerData.voiceId, ssml: true, speed: workerData.speed });
  return { wav, printed };
}));
`;

/**
 * What eSpeak is given for a character. `say-as characters` makes it name the letter ("ay" for A in English) rather
 * than read a word (the article "a"). Every voice but English reads a capital Z as English, fails to find the English
 * dictionary and says something else (its character code), so Z's name is written out in each language. The Mandarin
 * voice names Latin letters the way Mandarin speakers do (A "ei", B "bi"), and Z as the pinyin "zei".
 */
const SPELLING_OVERRIDES: Readonly<Record<Voice, Readonly<Record<string, string>>>> = {
  IT: { Z: 'zeta' },
  EN: {},
  'ZH-HANS': { Z: 'zei' },
  ES: { Z: 'zeta' },
  FR: { Z: 'zède' },
  DE: { Z: 'zett' },
  'PT-BR': { Z: 'zê' },
  TR: { Z: 'ze' },
};

function spokenText(character: string, voice: Voice): string {
  return SPELLING_OVERRIDES[voice][character] ?? `<say-as interpret-as="characters">${character}</say-as>`;
}

/** Words per minute: slower than eSpeak's 175, letters are easier to tell apart. */
const SPEED = 140;
/** Silence around and between letters. */
const GAP_SECONDS = 0.35;

export interface SpokenAlphabet {
  sampleRate: number;
  letters: ReadonlyMap<string, Int16Array>;
  /** What eSpeak printed while speaking each character: nothing when it went well. */
  printed: ReadonlyMap<string, readonly string[]>;
}

interface WorkerClip {
  wav: Uint8Array;
  printed: string[];
}

function synthesize(voiceName: Voice, characters: string): Promise<SpokenAlphabet> {
  const voice = VOICES[voiceName];
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        mespeak: require.resolve('mespeak'),
        config: require.resolve('mespeak/src/mespeak_config.json'),
        voice: require.resolve(voice.file),
        voiceId: voice.id,
        texts: Array.from(characters, (character) => spokenText(character, voiceName)),
        speed: SPEED,
      },
      // mespeak's notes on its own stdout (recovering its file system) are nothing to learn from.
      stdout: true,
    });
    worker.unref(); // never keeps the process alive
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`speech worker exited with code ${code} before answering`)));
    worker.once('message', (clips: WorkerClip[]) => {
      try {
        const letters = new Map<string, Int16Array>();
        const printed = new Map<string, readonly string[]>();
        let sampleRate = 0;
        Array.from(characters).forEach((character, index) => {
          const clip = clips[index];
          if (!clip?.wav) throw new Error(`no speech for ${character}`);
          const pcm = parseWav(clip.wav);
          // The answer is base64 in JSON, for travelers often on mobile data: half the rate, half the bytes.
          sampleRate = pcm.sampleRate / 2;
          letters.set(character, halveRate(trimSilence(pcm.samples)));
          printed.set(character, clip.printed);
        });
        resolve({ sampleRate, letters, printed });
      } catch (error) {
        reject(error);
      } finally {
        void worker.terminate();
      }
    });
  });
}

export interface SpeechBank {
  /** Starts synthesizing the Italian and English voices in the background (the server calls it when it listens). */
  warm(): void;
  /**
   * The WAV of `code` spelled in the voice of `language` (`voiceOf`); waits while that voice is still being
   * synthesized, which its first request starts.
   */
  spell(code: string, language: ServerLanguage): Promise<Buffer>;
  /** The spoken characters of `language`'s voice, as `spell` joins them. */
  alphabet(language: ServerLanguage): Promise<SpokenAlphabet>;
}

function createSpeechBank(characters = CAPTCHA_ALPHABET): SpeechBank {
  const alphabets = new Map<Voice, Promise<SpokenAlphabet>>();
  const synthesized = (voice: Voice) => {
    let pending = alphabets.get(voice);
    if (!pending) {
      pending = synthesize(voice, characters);
      // A failed synthesis is retried at the next request rather than remembered forever.
      pending.catch(() => alphabets.delete(voice));
      alphabets.set(voice, pending);
    }
    return pending;
  };
  return {
    warm() {
      for (const voice of WARM_VOICES) synthesized(voice).catch(() => undefined);
    },
    alphabet: (language) => synthesized(voiceOf(language)),
    async spell(code, language) {
      const { sampleRate, letters } = await synthesized(voiceOf(language));
      const parts = Array.from(code, (character) => {
        const letter = letters.get(character);
        if (!letter) throw new Error(`no speech for ${character}`);
        return letter;
      });
      return joinWav(parts, sampleRate, GAP_SECONDS);
    },
  };
}

/** One per process: the spoken letters never change, so every app of the process (tests build many) shares them. */
export const speechBank: SpeechBank = createSpeechBank();
