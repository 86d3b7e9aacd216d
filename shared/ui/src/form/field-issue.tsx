import { createContext, useContext, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { accountRuleParams, readRuleMessage, type AccountRuleIssue, type RuleIssue } from '@varco/contracts/plain';
import { i18n } from '@varco/i18n';

/** The text of a rule's issue in the current language; a remote with rules of its own gives its texts. */
export type IssueText = (issue: RuleIssue, language: string) => string;

// Without a provider, the issues are the account rules' (@varco/contracts), in the api's words: `accountRule.<code>` of
// the common texts, which the api answers with too.
const accountRuleText: IssueText = (issue, language) =>
  i18n.t(`common:accountRule.${issue.code}`, { ...accountRuleParams(issue as AccountRuleIssue), lng: language });
const IssueTextContext = createContext<IssueText>(accountRuleText);

export function IssueTextProvider({ text, children }: { text: IssueText; children: ReactNode }) {
  return <IssueTextContext.Provider value={text}>{children}</IssueTextContext.Provider>;
}

/**
 * The message of a field's error: a rule's issue (see ruleMessage in @varco/contracts) in the current language, or a
 * message the server wrote for this field, shown as it is.
 */
export function FieldIssue({ id, error, note }: { id: string; error: FieldError; note?: string }) {
  const { i18n } = useTranslation();
  const text = useContext(IssueTextContext);
  const issue = readRuleMessage(error.message ?? '');
  const message = issue ? text(issue, i18n.language) : (error.message ?? '');
  return (
    <div id={id} className="invalid-feedback d-block" data-testid="field-issue">
      {note ? `${message} ${note}` : message}
    </div>
  );
}

/** The ids of a field's input, hint and issue, and the input's aria-describedby (the hint and the issue shown). */
export function useFieldIds(hint: string | undefined, error: FieldError | undefined) {
  const id = useId();
  const hintId = `${id}-hint`;
  const issueId = `${id}-issue`;
  const describedBy = [hint ? hintId : null, error ? issueId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, issueId, describedBy };
}

/** What is shown under a field: its hint, then its issue. */
export function FieldNotes({
  ids,
  hint,
  error,
}: {
  ids: { hintId: string; issueId: string };
  hint: string | undefined;
  error: FieldError | undefined;
}) {
  return (
    <>
      {hint ? (
        <small id={ids.hintId} className="form-text d-block">
          {hint}
        </small>
      ) : null}
      {error ? <FieldIssue id={ids.issueId} error={error} /> : null}
    </>
  );
}
