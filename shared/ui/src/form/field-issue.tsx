import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { accountRuleMessage, readRuleMessage, toServerLanguage, type AccountRuleIssue, type RuleIssue } from '@varco/contracts';

/** The text of a rule's issue in the current language; a remote with rules of its own gives its texts. */
export type IssueText = (issue: RuleIssue, language: string) => string;

// Without a provider, the issues are the account rules' (@varco/contracts), in the api's words.
const accountRuleText: IssueText = (issue, language) => accountRuleMessage(issue as AccountRuleIssue, toServerLanguage(language));
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
