import { randomInt } from 'node:crypto';

/** Characters of the random part of a code: no look-alikes (0/O, 1/I). */
export const REQUEST_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** `length` random characters of REQUEST_CODE_ALPHABET, from the CSPRNG. */
export function randomCode(length: number): string {
  return Array.from({ length }, () => REQUEST_CODE_ALPHABET[randomInt(REQUEST_CODE_ALPHABET.length)]).join('');
}

/** A code such as TF-2026-K7M2Q9XD (invoices) or VR-2026-K7M2Q9XD (visa requests): a prefix, a year, 8 random characters. */
export function requestCode(prefix: string, year: string | number): string {
  return `${prefix}-${year}-${randomCode(8)}`;
}
