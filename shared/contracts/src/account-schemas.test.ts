import { readRuleMessage } from './account-rules';
import { newPasswordSchema, otpSchema, recoverPasswordSchema, signInSchema } from './account-schemas';
import type * as z from 'zod/mini';

/** The issues a schema finds, by field. */
function issues(schema: z.ZodMiniType, values: unknown) {
  const result = schema.safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), readRuleMessage(issue.message)]));
}

describe('account form schemas', () => {
  it('wants a username and a password of at least two characters to sign in', () => {
    expect(issues(signInSchema, { username: ' ', password: 'x' })).toEqual({ username: { code: 'empty' }, password: { code: 'minLength', min: 2 } });
    expect(issues(signInSchema, { username: 'a@b.it', password: 'secret' })).toEqual({});
  });

  it('wants a one-time code and a valid e-mail to recover the password', () => {
    expect(issues(otpSchema, { code: '  ' })).toEqual({ code: { code: 'empty' } });
    expect(issues(recoverPasswordSchema, { email: 'mario@' })).toEqual({ email: { code: 'email' } });
    expect(issues(recoverPasswordSchema, { email: ' mario@rossi.it ' })).toEqual({});
  });

  it('wants a strong new password, confirmed', () => {
    expect(issues(newPasswordSchema, { password: 'weak', confirmPassword: '' })).toEqual({
      password: { code: 'passwordRules', min: 8 },
      confirmPassword: { code: 'empty' },
    });
    expect(issues(newPasswordSchema, { password: 'weak', confirmPassword: 'other' })).toEqual({
      password: { code: 'passwordRules', min: 8 },
      confirmPassword: { code: 'differentPassword' },
    });
    expect(issues(newPasswordSchema, { password: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({});
  });

  it('reads back only its own messages', () => {
    expect(readRuleMessage('The e-mail is taken')).toBeNull();
    expect(readRuleMessage('{broken')).toBeNull();
  });
});
