import { randomInt } from 'node:crypto';

/**
 * The characters of a code: upper-case letters and digits without the look-alikes 0/O and 1/I (lower case, and so
 * `l`, never appears: answers are compared case-insensitively).
 */
export const CAPTCHA_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CAPTCHA_LENGTH = 5;

/** A code drawn with the CSPRNG: 32^5 ≈ 33.5 million possibilities, one attempt per challenge. */
export function randomCode(length = CAPTCHA_LENGTH): string {
  let code = '';
  for (let index = 0; index < length; index += 1) code += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return code;
}

/** What the user typed, in the form codes are stored: surrounding blanks dropped, upper case. */
export function normaliseAnswer(value: string): string {
  return value.trim().toUpperCase();
}
