import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { accountRuleParams, type AccountRuleIssue, type RuleIssue } from '@varco/contracts';
import { formatAmount, formatDate } from '@varco/ui';
import type { IssueText } from '@varco/ui/form';
import { NS } from '../../../i18n/namespace';

/** An amount the traveler may type in this language, for the examples of the messages. */
export const exampleAmount = (language: string) =>
  formatAmount(250, language)
    .replace(/[^\d.,\s\u00a0\u202f]/g, '')
    .trim();

/**
 * The words of the claims' rules (`@varco/contracts/claims`) in the page's language: this remote's own, and the
 * account rules' common ones (an empty field, a length) as every form of the portal says them.
 */
export function useClaimIssueText(): IssueText {
  const { t, i18n } = useTranslation(NS);
  return useCallback<IssueText>(
    (issue: RuleIssue, language) => {
      switch (issue.code) {
        case 'dateInvalid':
          return t('claims.rules.dateInvalid');
        case 'dateNotFuture':
          return t('claims.rules.dateNotFuture');
        case 'exitDeadlinePassed':
          return t('claims.rules.exitDeadlinePassed', { deadline: formatDate(String(issue.deadline), language) });
        case 'amount':
          return t('claims.rules.amount', { example: exampleAmount(language) });
        case 'decimals':
          return t('claims.rules.decimals');
        case 'amountAboveMinimum':
          return t('claims.rules.amountAboveMinimum', { min: issue.min });
        case 'amountTooLarge':
          return t('claims.rules.amountTooLarge', { max: formatAmount(Number(issue.max), language) });
        case 'chooseShop':
          return t('claims.rules.chooseShop');
        case 'chooseProblem':
          return t('claims.rules.chooseProblem');
        case 'noteRequired':
          return t('claims.rules.noteRequired');
        default:
          return i18n.t(`common:accountRule.${issue.code}`, {
            ...accountRuleParams(issue as AccountRuleIssue),
            lng: language,
          });
      }
    },
    [t, i18n],
  );
}
