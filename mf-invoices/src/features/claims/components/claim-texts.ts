import { useTranslation } from 'react-i18next';
import { NS } from '../../../i18n/namespace';

/**
 * The words of a claim's codes (its state, kind, problem, decline reason), each key written out: the key check finds
 * them all, and a code a later api adds reads as "other".
 */
export function useClaimWords() {
  const { t } = useTranslation(NS);
  const states: Record<string, string> = {
    OPEN: t('claims.state.OPEN'),
    REISSUED: t('claims.state.REISSUED'),
    DECLINED: t('claims.state.DECLINED'),
    WITHDRAWN: t('claims.state.WITHDRAWN'),
  };
  const kinds: Record<string, string> = { MISSING: t('claims.kind.MISSING'), WRONG: t('claims.kind.WRONG') };
  const problems: Record<string, string> = {
    NAME: t('claims.problem.NAME'),
    DOCUMENT: t('claims.problem.DOCUMENT'),
    GOODS_AMOUNTS: t('claims.problem.GOODS_AMOUNTS'),
    OTHER: t('claims.problem.OTHER'),
  };
  const reasons: Record<string, string> = {
    NO_SUCH_INVOICE: t('claims.reason.NO_SUCH_INVOICE'),
    DATA_CORRECT: t('claims.reason.DATA_CORRECT'),
    ALREADY_CORRECTED: t('claims.reason.ALREADY_CORRECTED'),
    NOT_ELIGIBLE: t('claims.reason.NOT_ELIGIBLE'),
    OTHER: t('claims.reason.OTHER'),
  };
  return {
    state: (code: string) => states[code] ?? t('claims.state.other'),
    kind: (code: string) => kinds[code] ?? code,
    problem: (code: string) => problems[code] ?? problems.OTHER!,
    reason: (code: string) => reasons[code] ?? reasons.OTHER!,
  };
}
