import { useTranslation } from 'react-i18next';
import { VisaState, type Visa } from '@varco/contracts';
import { formatAmount, formatDate, formatTime, RecordItem, VisaStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useRiskAnalysisRunning } from '../api/start-risk-analysis';

/**
 * The badge flags of a request: blue "risk analysis" only while an analysis of a pending request is asked for and
 * has not given its light yet — the server's flag, or the traveler's own analysis still running in this page. A
 * pending request otherwise waits for the exit point (orange). State 50 is 'in completion' by its code.
 */
export function useBadgeFlags(visa: Visa): { riskAnalysis: boolean } {
  const running = useRiskAnalysisRunning(visa.idRichiesta);
  return { riskAnalysis: visa.stateCode === VisaState.PENDING && (visa.visaToBeAnalysed === true || running) };
}

/** The status badge of a request, in a list and in its detail. */
export function VisaBadge({ visa }: { visa: Visa }) {
  return <VisaStatusBadge stateCode={visa.stateCode} {...useBadgeFlags(visa)} />;
}

/** One visa request in a list: code (to its detail), sent date and hour, amount, invoice count and status. */
export function VisaItem({ visa }: { visa: Visa }) {
  const { t, i18n } = useTranslation(NS);
  const { language } = i18n;
  const sentAt = { date: formatDate(visa.requestDate, language), time: formatTime(visa.requestDate, language) };
  return (
    <RecordItem
      name="visa"
      to={`/protected/visa/${visa.idRichiesta}`}
      title={t('item.code', { code: visa.requestCode })}
      amount={formatAmount(visa.totalAmount, language)}
      badge={<VisaBadge visa={visa} />}
    >
      <div>
        <small className="text-muted">{t('item.sentOn', sentAt)}</small>
      </div>
      <small>{t('item.invoices', { count: visa.totalInvoices })}</small>
    </RecordItem>
  );
}
