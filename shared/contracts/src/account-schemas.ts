import * as z from 'zod/mini';
import { emailIssue, filledIssue, passwordIssue, textIssue, type AccountRuleIssue } from './account-rules';

/**
 * The account forms' rules as zod schemas, for the forms (react-hook-form's zod resolver) and the api's request
 * bodies alike. A refused value carries its issue in the zod message, written by `ruleMessage` and read back by
 * `readRuleMessage`: each side turns it into the text of its language (`accountRuleMessage`).
 */

/** An issue as the message of a zod issue. */
export function ruleMessage(issue: AccountRuleIssue): string {
  return JSON.stringify(issue);
}

/** The issue written by `ruleMessage`; null for any other message (zod's own, or a server's text). */
export function readRuleMessage(message: string): AccountRuleIssue | null {
  if (!message.startsWith('{')) return null;
  try {
    const issue = JSON.parse(message) as AccountRuleIssue;
    return typeof issue.code === 'string' ? issue : null;
  } catch {
    return null;
  }
}

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
