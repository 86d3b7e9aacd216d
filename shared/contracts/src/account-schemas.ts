import * as z from 'zod/mini';
import { emailIssue, filledIssue, passwordIssue, ruleMessage, textIssue, type AccountRuleIssue } from '@varco/contracts/plain';

/**
 * The account forms' rules as zod schemas, for the forms (react-hook-form's zod resolver) and the api's request
 * bodies alike. A refused value carries its issue in the zod message, written by `ruleMessage` and read back by
 * `readRuleMessage`: each side turns it into the text of its language (`accountRuleMessage`).
 */

/** A string field checked by one of the account rules. */
export function ruleField(check: (value: string) => AccountRuleIssue | null) {
  return z.string().check(
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

/** A new password (the registration's rule) and its confirmation, which must be equal. */
export const newPasswordSchema = z.object({ password: ruleField(passwordIssue), confirmPassword: ruleField(filledIssue) }).check(
  z.superRefine(({ password, confirmPassword }, context) => {
    if (confirmPassword.trim() !== '' && confirmPassword !== password)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: ruleMessage({ code: 'differentPassword' }) });
  }),
);
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
