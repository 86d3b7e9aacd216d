import { MIN_TEXT_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { isIsoDay, romeToday } from './rome-calendar';

/**
 * The field rules of the account forms (registration, password recovery and change), written once: the api refuses
 * with them and the forms check with them on blur, and both show the same message for the same problem.
 */

export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const DOCUMENT_NUMBER_MAX_LENGTH = 50;

/**
 * A travel document number as it is stored and compared: without spaces, in capitals. A traveler who types "YA 123"
 * and a merchant who writes "ya123" on the invoice name the same passport.
 */
export function normaliseDocumentNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
export const EMAIL_MAX_LENGTH = 254;
/** No living traveler was born before this day; an earlier one is a typing mistake (1850 for 1985). */
export const BIRTH_DATE_MIN = '1900-01-01';

/** What is wrong with a field value under one of these rules. */
export type AccountRuleIssue =
  | { code: 'empty' }
  | { code: 'minLength'; min: number }
  | { code: 'maxLength'; max: number }
  | { code: 'email' }
  | { code: 'passwordRules'; min: number }
  | { code: 'date' }
  | { code: 'dateTooEarly'; year: number }
  | { code: 'dateNotPast' }
  | { code: 'mustAccept' }
  | { code: 'differentPassword' }
  | { code: 'differentEmail' }
  | { code: 'controlCharacter' }
  | { code: 'incompleteCharacter' };

export type AccountRuleCode = AccountRuleIssue['code'];

/**
 * Every issue's code. Its message, in every interface language, is `accountRule.<code>` of the common texts
 * (shared/i18n/src/locales): the forms show it on blur and the api answers with it, in the same words.
 */
export const ACCOUNT_RULE_CODES = [
  'empty',
  'minLength',
  'maxLength',
  'email',
  'passwordRules',
  'date',
  'dateTooEarly',
  'dateNotPast',
  'mustAccept',
  'differentPassword',
  'differentEmail',
  'controlCharacter',
  'incompleteCharacter',
] as const satisfies readonly AccountRuleCode[];

/** The values an issue puts into its message. */
export function accountRuleParams(issue: AccountRuleIssue): Record<string, number> {
  const { code: _code, ...params } = issue;
  return params;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Tab and line breaks: the only control characters a text may hold. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

/**
 * Whether `text` holds a C0 control character or DEL (tab and line breaks aside). The api refuses any such string in
 * any input (PostgreSQL refuses NUL outright, and no text it keeps may hold the others); the forms tell it on blur.
 */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
}

/** Half of a UTF-16 surrogate pair without its other half (with the `u` flag, a whole pair is one code point). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * What no text of any call may hold (`text()` of text.ts, on every text field): a control character (above), or half
 * of a surrogate pair, the remains of an emoji cut in two, which is no character and has no UTF-8 form: PostgreSQL's
 * JSON refuses it, and its text would keep a replacement character instead.
 */
export function storableTextIssue(value: string): AccountRuleIssue | null {
  if (hasControlCharacter(value)) return { code: 'controlCharacter' };
  return LONE_SURROGATE.test(value) ? { code: 'incompleteCharacter' } : null;
}

/** Longer than any key of an account link the api issues (activation, password reset). */
export const ACCOUNT_KEY_MAX_LENGTH = 128;

/**
 * Whether `key1` and `key2` of an account link (activation, password reset) can be a pair the api issued: neither
 * empty, nor longer than any key, nor holding a control character. A link mangled on its way (a mail client, a copy)
 * is an invalid link, for the api and for the page, which says so without asking.
 */
export function wellFormedLinkKeys(key1: string, key2: string): boolean {
  return [key1, key2].every((key) => key !== '' && key.length <= ACCOUNT_KEY_MAX_LENGTH && !hasControlCharacter(key));
}

const controlIssue = (value: string): AccountRuleIssue | null =>
  hasControlCharacter(value) ? { code: 'controlCharacter' } : null;

/** A value that must be given: not blank. */
export function filledIssue(value: string): AccountRuleIssue | null {
  return value.trim() === '' ? { code: 'empty' } : null;
}

/** A required text (names, document number, a choice): not blank, at least two characters, at most `max`. */
export function textIssue(value: string, max = NAME_MAX_LENGTH): AccountRuleIssue | null {
  const text = value.trim();
  if (text === '') return { code: 'empty' };
  if (text.length < MIN_TEXT_LENGTH) return { code: 'minLength', min: MIN_TEXT_LENGTH };
  if (text.length > max) return { code: 'maxLength', max };
  return controlIssue(text);
}

/** An e-mail address (surrounding spaces ignored). */
export function emailIssue(value: string): AccountRuleIssue | null {
  const email = value.trim();
  if (email === '') return { code: 'empty' };
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? controlIssue(email) : { code: 'email' };
}

/** At least 8 characters from at least three of: uppercase, lowercase, digits, special characters (anything else). */
export function passwordIssue(value: string): AccountRuleIssue | null {
  if (value === '') return { code: 'empty' };
  if (value.length > PASSWORD_MAX_LENGTH) return { code: 'maxLength', max: PASSWORD_MAX_LENGTH };
  if (hasControlCharacter(value)) return { code: 'controlCharacter' };
  const kinds = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((pattern) => pattern.test(value)).length;
  return value.length >= PASSWORD_MIN_LENGTH && kinds >= 3 ? null : { code: 'passwordRules', min: PASSWORD_MIN_LENGTH };
}

/** A birth date: a real day, from 1900 on, not later than today. */
export function birthDateIssue(value: string, today: string = romeToday()): AccountRuleIssue | null {
  if (value === '') return { code: 'empty' };
  if (!isIsoDay(value)) return { code: 'date' };
  if (value < BIRTH_DATE_MIN) return { code: 'dateTooEarly', year: Number(BIRTH_DATE_MIN.slice(0, 4)) };
  return value > today ? { code: 'dateNotPast' } : null;
}

/** A consent that must be given (the privacy policy). */
export function acceptedIssue(accepted: boolean): AccountRuleIssue | null {
  return accepted ? null : { code: 'mustAccept' };
}

/** What is wrong with a value under a rule: its code and the values its message names (AccountRuleIssue, TravelIssue). */
export type RuleIssue = { readonly code: string } & Readonly<Record<string, string | number>>;

/** An issue as the message of a zod issue (account-schemas.ts, travel-details.ts), so it crosses zod and the api intact. */
export function ruleMessage(issue: RuleIssue): string {
  return JSON.stringify(issue);
}

/** The issue written by `ruleMessage`; null for any other message (zod's own, or a server's text). */
export function readRuleMessage(message: string): RuleIssue | null {
  if (!message.startsWith('{')) return null;
  try {
    const issue = JSON.parse(message) as RuleIssue;
    return typeof issue.code === 'string' ? issue : null;
  } catch {
    return null;
  }
}
