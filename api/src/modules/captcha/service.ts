import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CaptchaResponse, ServerLanguage } from '@varco/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../../app-error';
import type { Database } from '../../db/types';
import { normaliseAnswer } from './code';
import type { ImagePool } from './image-pool';
import { createCaptchaRepository, type CaptchaRepository } from './repository';
import type { SpeechBank } from './speech-bank';

/** Long enough to fill in the registration form after the picture appeared; the form reloads it after an error. */
const CAPTCHA_TTL_SECONDS = 20 * 60;
/** Longer than any header the browser sends us; anything longer is refused before hashing. */
const MAX_TOKEN_LENGTH = 128;
const MAX_VALUE_LENGTH = 32;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const hashToken = (token: string) => sha256(token);
/** Keyed by the token: without it the stored hash cannot be brute-forced over the 32^5 codes. */
export const hashAnswer = (token: string, answer: string) => sha256(`${token}:${normaliseAnswer(answer)}`);

export interface CaptchaService {
  /** A new challenge: its token, picture and audio in `language`. */
  issue(language: ServerLanguage): Promise<CaptchaResponse['captcha']>;
}

export function createCaptchaService(deps: {
  repository: CaptchaRepository;
  images: ImagePool;
  speech: SpeechBank;
  ttlSeconds?: number;
}): CaptchaService {
  const ttlSeconds = deps.ttlSeconds ?? CAPTCHA_TTL_SECONDS;
  return {
    async issue(language) {
      const image = await deps.images.take();
      // 192 random bits: the token is the only key to the challenge.
      const token = randomBytes(24).toString('base64url');
      const [audio] = await Promise.all([
        deps.speech.spell(image.code, language),
        deps.repository.insert({
          tokenHash: hashToken(token),
          answerHash: hashAnswer(token, image.code),
          language,
          ttlSeconds,
        }),
      ]);
      return { token, imageB64: image.pngB64, audioB64: audio.toString('base64') };
    },
  };
}

/**
 * Why a captcha failed, for logs and tests; the traveler is told one thing only ("captcha not present or invalid"),
 * so that the answer teaches nothing to a script.
 */
type CaptchaFailure = 'missing' | 'unknown' | 'expired' | 'wrong';
export type CaptchaVerification = { valid: true } | { valid: false; reason: CaptchaFailure };

/**
 * Checks the value typed for the challenge `token` (docs/calls.md: both travel in request headers). Single-use: the first
 * attempt consumes the challenge, right or wrong, so each picture allows one guess. Case-insensitive.
 */
export async function verifyCaptcha(
  db: Kysely<Database>,
  token: string | undefined,
  value: string | undefined,
  options: CaptchaVerifyOptions = {},
): Promise<CaptchaVerification> {
  return verifyWith(createCaptchaRepository(db), token, value, options);
}

export interface CaptchaVerifyOptions {
  /**
   * `CAPTCHA_TEST_ANSWER` (browser tests only; the configuration refuses it in production): this exact answer is also
   * accepted for any live challenge, which is still consumed as usual.
   */
  testAnswer?: string | undefined;
}

async function verifyWith(
  repository: CaptchaRepository,
  token: string | undefined,
  value: string | undefined,
  options: CaptchaVerifyOptions = {},
): Promise<CaptchaVerification> {
  const answer = value === undefined ? '' : normaliseAnswer(value);
  if (!token || !answer || token.length > MAX_TOKEN_LENGTH || answer.length > MAX_VALUE_LENGTH)
    return { valid: false, reason: 'missing' };
  const challenge = await repository.consume(hashToken(token));
  if (!challenge) return { valid: false, reason: 'unknown' };
  if (challenge.expired) return { valid: false, reason: 'expired' };
  if (options.testAnswer && value?.trim() === options.testAnswer) return { valid: true };
  const given = Buffer.from(hashAnswer(token, answer), 'hex');
  const expected = Buffer.from(challenge.answerHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { valid: true }
    : { valid: false, reason: 'wrong' };
}

/** The error the registration answers for a failed captcha: 400, "captcha not present or invalid" (docs/calls.md). */
export const captchaInvalid = () => new AppError(400, { key: 'captcha.invalid' });
