import * as z from 'zod/mini';
import {
  acceptedIssue,
  birthDateIssue,
  DOCUMENT_NUMBER_MAX_LENGTH,
  emailIssue,
  filledIssue,
  passwordIssue,
  romeToday,
  ruleMessage,
  textIssue,
  type AccountRuleIssue,
} from '@varco/contracts/plain';
import { text } from './text';

/**
 * The account forms' rules as zod schemas, for the forms (react-hook-form's zod resolver) and the api's request
 * bodies alike. A refused value carries its issue in the zod message, written by `ruleMessage` and read back by
 * `readRuleMessage`: each side turns it into the text of its language (`accountRule.<code>` of the common texts).
 */

/** A text field checked by one of the account rules (after the rule of every text, `text()`). */
export function ruleField(check: (value: string) => AccountRuleIssue | null) {
  return text().check(
    z.superRefine((value, context) => {
      const issue = check(value);
      if (issue) context.addIssue({ code: 'custom', message: ruleMessage(issue) });
    }),
  );
}

/** Any text but a blank one, at least two characters (the sign-in's username and password). */
const signInText = ruleField((value) => textIssue(value, Number.POSITIVE_INFINITY));

export const signInSchema = z.object({ username: signInText, password: signInText });
export type SignInValues = z.infer<typeof signInSchema>;

export const otpSchema = z.object({ code: ruleField(filledIssue) });
export type OtpValues = z.infer<typeof otpSchema>;

export const recoverPasswordSchema = z.object({ email: ruleField(emailIssue) });
export type RecoverPasswordValues = z.infer<typeof recoverPasswordSchema>;

/** A password must equal its confirmation; told on the confirmation, once it is given. */
const samePassword = z.superRefine<{ password: string; confirmPassword: string }>(
  ({ password, confirmPassword }, context) => {
    if (confirmPassword.trim() !== '' && confirmPassword !== password)
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: ruleMessage({ code: 'differentPassword' }),
      });
  },
);

/** An e-mail address must equal its confirmation, ignoring surrounding spaces and case; told on the confirmation. */
const sameEmail = z.superRefine<{ email: string; confirmEmail: string }>(({ email, confirmEmail }, context) => {
  if (!emailIssue(confirmEmail) && confirmEmail.trim().toLowerCase() !== email.trim().toLowerCase())
    context.addIssue({ code: 'custom', path: ['confirmEmail'], message: ruleMessage({ code: 'differentEmail' }) });
});

/** A new password (the registration's rule) and its confirmation, which must be equal. */
export const newPasswordSchema = z
  .object({ password: ruleField(passwordIssue), confirmPassword: ruleField(filledIssue) })
  .check(samePassword);
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** A required choice of a list (a country, a document type): its code. */
const chosen = ruleField((value) => textIssue(value));

/**
 * Where the traveler lives and the travel document they shop with: asked by the registration and by the completion of
 * a digital identity registration. The zone is optional: it is offered only when the country has zones.
 */
const residenceDocumentShape = {
  country: chosen,
  countryZone: text(),
  documentType: chosen,
  documentCountry: chosen,
  documentNumber: ruleField((value) => textIssue(value, DOCUMENT_NUMBER_MAX_LENGTH)),
};

/** The fields the registration's form and its request body share, each under its rule. */
const personName = ruleField((value) => textIssue(value));
const emailAddress = ruleField(emailIssue);
const newPassword = ruleField(passwordIssue);
const privacyAccepted = z.boolean().check(
  z.superRefine((accepted, context) => {
    const issue = acceptedIssue(accepted);
    if (issue) context.addIssue({ code: 'custom', message: ruleMessage(issue) });
  }),
);
/** A birth date from 1900 to `today` (in Rome, by default the device's clock). */
const birthDate = (today: () => string = romeToday) => ruleField((value) => birthDateIssue(value, today()));

/** The e-mail address, confirmed, and the privacy policy accepted. */
const accountShape = { email: emailAddress, confirmEmail: emailAddress, privacy: privacyAccepted };

/** The registration form: a birth date from 1900 to today in Rome, and the captcha's code as the sign-in's texts. */
export const registrationSchema = z
  .object({
    name: personName,
    surname: personName,
    birthday: birthDate(),
    ...residenceDocumentShape,
    ...accountShape,
    password: newPassword,
    confirmPassword: ruleField(filledIssue),
    captcha: signInText,
  })
  .check(sameEmail, samePassword);
export type RegistrationValues = z.infer<typeof registrationSchema>;

/**
 * The same rules on the registration's request body (RegistrationPayload, its field names), for the api; the residence
 * and the document are the api's to check against its lists. `today` is the api's clock.
 */
export function registrationBodyRules(today: () => string) {
  return z.object({
    nome: personName,
    cognome: personName,
    email: emailAddress,
    dataNascita: birthDate(today),
    secret: newPassword,
    privacy: privacyAccepted,
  });
}

/** The completion of a digital identity registration: name, surname and birthday come from the provider, unchecked. */
export const completionSchema = z
  .object({ name: text(), surname: text(), birthday: text(), ...residenceDocumentShape, ...accountShape })
  .check(sameEmail);
export type CompletionValues = z.infer<typeof completionSchema>;
