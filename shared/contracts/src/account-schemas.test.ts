import { readRuleMessage } from './account-rules';
import {
  completionSchema,
  newPasswordSchema,
  registrationBodyRules,
  otpSchema,
  recoverPasswordSchema,
  registrationSchema,
  signInSchema,
} from './account-schemas';
import { addPasskeyBodySchema, passkeyNameSchema } from './passkeys';
import type * as z from 'zod/mini';

/** The issues a schema finds, by field. */
function issues(schema: z.ZodMiniType, values: unknown) {
  const result = schema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), readRuleMessage(issue.message)]),
  );
}

describe('account form schemas', () => {
  it('wants a username and a password of at least two characters to sign in', () => {
    expect(issues(signInSchema, { username: ' ', password: 'x' })).toEqual({
      username: { code: 'empty' },
      password: { code: 'minLength', min: 2 },
    });
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

describe('registration schema', () => {
  const valid = {
    name: 'Mario',
    surname: 'Rossi',
    birthday: '1985-04-12',
    country: 'CH',
    countryZone: '',
    documentType: 'PP',
    documentCountry: 'CH',
    documentNumber: 'X1234567',
    email: 'mario@rossi.ch',
    confirmEmail: ' MARIO@rossi.ch ',
    password: 'Abcdefg1',
    confirmPassword: 'Abcdefg1',
    privacy: true,
    captcha: 'abc12',
  };

  it('accepts a complete registration, the zone left empty and the confirmation in other case', () => {
    expect(issues(registrationSchema, valid)).toEqual({});
  });

  it('checks each field with the account rules and the confirmations against their fields', () => {
    expect(
      issues(registrationSchema, {
        ...valid,
        name: 'M',
        birthday: '1850-01-01',
        country: '',
        documentNumber: 'X'.repeat(51),
        confirmEmail: 'luigi@rossi.ch',
        confirmPassword: 'Abcdefg2',
        privacy: false,
        captcha: ' ',
      }),
    ).toEqual({
      name: { code: 'minLength', min: 2 },
      birthday: { code: 'dateTooEarly', year: 1900 },
      country: { code: 'empty' },
      documentNumber: { code: 'maxLength', max: 50 },
      confirmEmail: { code: 'differentEmail' },
      confirmPassword: { code: 'differentPassword' },
      privacy: { code: 'mustAccept' },
      captcha: { code: 'empty' },
    });
  });

  it('refuses a birth date after today in Rome', () => {
    expect(issues(registrationSchema, { ...valid, birthday: '2999-01-01' })).toEqual({
      birthday: { code: 'dateNotPast' },
    });
  });

  it('completes a digital identity registration without checking what the provider gave', () => {
    const { password: _p, confirmPassword: _c, captcha: _k, ...completion } = valid;
    expect(issues(completionSchema, { ...completion, name: '', birthday: '' })).toEqual({});
    expect(issues(completionSchema, { ...completion, confirmEmail: 'mario@' })).toEqual({
      confirmEmail: { code: 'email' },
    });
  });
});

describe('registration body rules', () => {
  it('checks the request body by its field names with the rules of the form, today given by the caller', () => {
    const body = {
      nome: 'Mario',
      cognome: 'R',
      email: 'mario@',
      dataNascita: '2025-01-16',
      secret: 'Abcdefg1',
      privacy: false,
      lan: 'IT',
    };
    expect(
      issues(
        registrationBodyRules(() => '2025-01-15'),
        body,
      ),
    ).toEqual({
      cognome: { code: 'minLength', min: 2 },
      email: { code: 'email' },
      dataNascita: { code: 'dateNotPast' },
      privacy: { code: 'mustAccept' },
    });
    expect(
      issues(
        registrationBodyRules(() => '2025-01-16'),
        { ...body, cognome: 'Rossi', email: 'mario@rossi.it', privacy: true },
      ),
    ).toEqual({});
  });
});

describe('passkey name', () => {
  it('wants a name, at most 50 characters once trimmed, in the naming form and in the api body alike', () => {
    expect(issues(passkeyNameSchema, { name: '   ' })).toEqual({ name: { code: 'empty' } });
    expect(issues(passkeyNameSchema, { name: 'x'.repeat(51) })).toEqual({ name: { code: 'maxLength', max: 50 } });
    expect(issues(passkeyNameSchema, { name: ` ${'é'.repeat(50)} ` })).toEqual({});
    const credential = {
      id: 'a',
      rawId: 'a',
      type: 'public-key',
      response: { clientDataJSON: 'c', attestationObject: 'o' },
      clientExtensionResults: {},
    };
    expect(issues(addPasskeyBodySchema, { name: '', credential })).toEqual({ name: { code: 'empty' } });
  });
});
