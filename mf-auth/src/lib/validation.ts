import { emailIssue, MIN_TEXT_LENGTH, type AccountRuleIssue } from '@varco/contracts';

/** What is wrong with a field (SPEC §5); `FieldIssue` turns it into the translated message. */
export type ValidationIssue =
  | { code: 'empty' }
  | { code: 'minLength'; length: number }
  | { code: 'maxLength'; length: number }
  | { code: 'email' }
  | { code: 'differentPassword' }
  | { code: 'differentEmail' }
  | { code: 'required' }
  /** A rule of the account forms that the api applies too (`@varco/contracts`): the api's message, word for word. */
  | { code: 'accountRule'; issue: AccountRuleIssue }
  /** A message written by the server for this field (SPEC §8 `extra`), shown as it is. */
  | { code: 'server'; message: string; usernameNote?: boolean };

/** A rule gets the field's value and every value of the form (for rules that compare two fields). */
export type Rule<Values> = (value: string, values: Values) => ValidationIssue | null;

export const notEmpty: Rule<unknown> = (value) => (value.trim() === '' ? { code: 'empty' } : null);

/** Required texts are longer than one character (SPEC §5 and §9: minimum text length 2). */
export const minTextLength: Rule<unknown> = (value) => (value.trim().length < MIN_TEXT_LENGTH ? { code: 'minLength', length: MIN_TEXT_LENGTH } : null);

/** At most `length` characters (after trimming, as the api counts them). */
export function maxTextLength(length: number): Rule<unknown> {
  return (value) => ([...value.trim()].length > length ? { code: 'maxLength', length } : null);
}

/** An e-mail address, by the api's own definition of one. */
export const validEmail: Rule<unknown> = (value) => (emailIssue(value) ? { code: 'email' } : null);

/** One of the account rules shared with the api, as a rule of a form. */
export function accountRule(check: (value: string) => AccountRuleIssue | null): Rule<unknown> {
  return (value) => {
    const issue = check(value);
    return issue ? { code: 'accountRule', issue } : null;
  };
}

/** The confirmation must equal the field it confirms (message errors.differentPassword). */
export function sameAs<Values extends Record<string, string>>(other: keyof Values): Rule<Values> {
  return (value, values) => (value === values[other] ? null : { code: 'differentPassword' });
}

/** The e-mail confirmation must equal the e-mail, ignoring surrounding spaces and case (message: different email). */
export function sameEmailAs<Values extends Record<string, string>>(other: keyof Values): Rule<Values> {
  return (value, values) => (value.trim().toLowerCase() === (values[other] ?? '').trim().toLowerCase() ? null : { code: 'differentEmail' });
}
