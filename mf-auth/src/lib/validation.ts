import { MIN_TEXT_LENGTH, PASSWORD_MIN_LENGTH } from '@varco/contracts';

/** What is wrong with a field (SPEC §5); `FieldIssue` turns it into the translated message. */
export type ValidationIssue =
  | { code: 'empty' }
  | { code: 'minLength'; length: number }
  | { code: 'email' }
  | { code: 'passwordLength'; length: number }
  | { code: 'differentPassword' };

/** A rule gets the field's value and every value of the form (for rules that compare two fields). */
export type Rule<Values> = (value: string, values: Values) => ValidationIssue | null;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const notEmpty: Rule<unknown> = (value) => (value.trim() === '' ? { code: 'empty' } : null);

/** Required texts are longer than one character (SPEC §5 and §9: minimum text length 2). */
export const minTextLength: Rule<unknown> = (value) => (value.trim().length < MIN_TEXT_LENGTH ? { code: 'minLength', length: MIN_TEXT_LENGTH } : null);

export const validEmail: Rule<unknown> = (value) => (EMAIL_PATTERN.test(value.trim()) ? null : { code: 'email' });

/** New password: at least 8 characters (SPEC §5 "New password", message errors.invalid_password_length). */
export const passwordLength: Rule<unknown> = (value) => (value.length < PASSWORD_MIN_LENGTH ? { code: 'passwordLength', length: PASSWORD_MIN_LENGTH } : null);

/** The confirmation must equal the field it confirms (message errors.differentPassword). */
export function sameAs<Values extends Record<string, string>>(other: keyof Values): Rule<Values> {
  return (value, values) => (value === values[other] ? null : { code: 'differentPassword' });
}
