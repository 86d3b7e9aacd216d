import * as z from 'zod/mini';
import { ruleMessage, storableTextIssue } from '@varco/contracts/plain';

/**
 * The rule of every text a call takes: one check, refusing what PostgreSQL cannot store (`storableTextIssue`: a
 * control character, half of a surrogate pair) with the field's message, before the field's other checks (which then
 * do not run). The api's tests find each text field of each call by it (api/src/hardening/fuzz.test.ts).
 */
export const STORABLE_TEXT = z.superRefine<string>((value, context) => {
  const issue = storableTextIssue(value);
  if (issue) context.addIssue({ code: 'custom', message: ruleMessage(issue), continue: false });
});

/** A text field of a call (body, query, path or header): a string under STORABLE_TEXT; its own checks go after. */
export const text = () => z.string().check(STORABLE_TEXT);
