import { useTranslation } from 'react-i18next';
import { accountRuleMessage, toServerLanguage } from '@varco/contracts';
import { NS } from '../i18n/namespace';
import type { ValidationIssue } from '../lib/validation';

/** The translated message of a validation issue. */
export function FieldIssue({ id, issue }: { id: string; issue: ValidationIssue }) {
  const { t, i18n } = useTranslation(NS);
  let message: string;
  switch (issue.code) {
    case 'empty':
      message = t('validation.empty');
      break;
    case 'minLength':
      message = t('validation.minLength', { length: issue.length });
      break;
    case 'maxLength':
      message = t('validation.maxLength', { length: issue.length });
      break;
    case 'email':
      message = t('validation.email');
      break;
    case 'differentPassword':
      message = t('validation.differentPassword');
      break;
    case 'differentEmail':
      message = t('validation.differentEmail');
      break;
    case 'required':
      message = t('validation.required');
      break;
    case 'accountRule':
      message = accountRuleMessage(issue.issue, toServerLanguage(i18n.language));
      break;
    case 'server':
      message = issue.usernameNote ? `${issue.message} ${t('validation.usernameNote')}` : issue.message;
      break;
  }
  return (
    <div id={id} className="invalid-feedback d-block" data-testid="field-issue">
      {message}
    </div>
  );
}
