import { MIN_TEXT_LENGTH, PASSWORD_MIN_LENGTH } from '@varco/contracts';

/** What is wrong with a field (SPEC §5); `FieldIssue` turns it into the translated message. */
export type ValidationIssue =
  | { code: 'empty' }
  | { code: 'minLength'; length: number }
  | { code: 'email' }
  | { code: 'passwordLength'; length: number }
  | { code: 'passwordRules'; length: number }
  | { code: 'differentPassword' }
  | { code: 'differentEmail' }
  | { code: 'futureDate' }
  | { code: 'date' }
  | { code: 'required' }
  /** A message written by the server for this field (SPEC §8 `extra`), shown as it is. */
  | { code: 'server'; message: string; usernameNote?: boolean };

/** A rule gets the field's value and every value of the form (for rules that compare two fields). */
export type Rule<Values> = (value: string, values: Values) => ValidationIssue | null;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const notEmpty: Rule<unknown> = (value) => (value.trim() === '' ? { code: 'empty' } : null);

/** Required texts are longer than one character (SPEC §5 and §9: minimum text length 2). */
export const minTextLength: Rule<unknown> = (value) => (value.trim().length < MIN_TEXT_LENGTH ? { code: 'minLength', length: MIN_TEXT_LENGTH } : null);

export const validEmail: Rule<unknown> = (value) => (EMAIL_PATTERN.test(value.trim()) ? null : { code: 'email' });

/** New password: at least 8 characters (SPEC §5 "New password", message errors.invalid_password_length). */
export const passwordLength: Rule<unknown> = (value) => (value.length < PASSWORD_MIN_LENGTH ? { code: 'passwordLength', length: PASSWORD_MIN_LENGTH } : null);

/** Registration password (SPEC §5): at least 8 characters, of at least three of the four types. */
export const passwordRules: Rule<unknown> = (value) => {
  const kinds = [/[A-Z]/, /[a-z]/, /\d/, /[^A-Za-z\d\s]/].filter((pattern) => pattern.test(value)).length;
  return value.length >= PASSWORD_MIN_LENGTH && kinds >= 3 ? null : { code: 'passwordRules', length: PASSWORD_MIN_LENGTH };
};

/** The confirmation must equal the field it confirms (message errors.differentPassword). */
export function sameAs<Values extends Record<string, string>>(other: keyof Values): Rule<Values> {
  return (value, values) => (value === values[other] ? null : { code: 'differentPassword' });
}

/** The e-mail confirmation must equal the e-mail, ignoring surrounding spaces and case (message: different email). */
export function sameEmailAs<Values extends Record<string, string>>(other: keyof Values): Rule<Values> {
  return (value, values) => (value.trim().toLowerCase() === (values[other] ?? '').trim().toLowerCase() ? null : { code: 'differentEmail' });
}

/** Today as an ISO day in the reader's time zone: the maximum of a birthday. */
export function todayIsoDay(now: Date = new Date()): string {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An ISO day (the value of a date input) that is not later than today (SPEC §5 birthday). */
export const notAfterToday: Rule<unknown> = (value) => {
  if (value === '') return null;
  if (!ISO_DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return { code: 'date' };
  return value > todayIsoDay() ? { code: 'futureDate' } : null;
};

/** A checkbox that must be ticked (SPEC §5 privacy); its form value is 'true' when ticked. */
export const ticked: Rule<unknown> = (value) => (value === 'true' ? null : { code: 'required' });
