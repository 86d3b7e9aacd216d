import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { VisaState, type Visa } from '@varco/contracts';
import { formatAmount, formatDate, formatTime, VisaStatusBadge } from '@varco/ui';
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
  return (
    <li className="list-group-item" data-testid="visa-item">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div>
          <Link to={`/protected/visa/${visa.idRichiesta}`} className="fw-semibold">
            {t('item.code', { code: visa.requestCode })}
          </Link>
          <div>
            <small className="text-muted">{t('item.sentOn', { date: formatDate(visa.requestDate, i18n.language), time: formatTime(visa.requestDate, i18n.language) })}</small>
          </div>
          <small>{t('item.invoices', { count: visa.totalInvoices })}</small>
        </div>
        <div className="text-end ms-auto">
          <div className="fw-semibold" data-testid="visa-amount">
            {formatAmount(visa.totalAmount, i18n.language)}
          </div>
          <VisaBadge visa={visa} />
        </div>
      </div>
    </li>
  );
}
