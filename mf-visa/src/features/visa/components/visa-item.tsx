import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Visa } from '@varco/contracts';
import { formatAmount, formatDate, formatTime, VisaStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/**
 * The badge flags of a request: a pending request still to be analysed is shown as under risk analysis (SPEC §4
 * "blue for risk analysis"); state 50 is 'in completion' by its code.
 */
export function badgeFlagsOf(visa: Visa): { riskAnalysis: boolean } {
  return { riskAnalysis: visa.visaToBeAnalysed === true };
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
        <div className="text-end">
          <div className="fw-semibold" data-testid="visa-amount">
            {formatAmount(visa.totalAmount, i18n.language)}
          </div>
          <VisaStatusBadge stateCode={visa.stateCode} {...badgeFlagsOf(visa)} />
        </div>
      </div>
    </li>
  );
}
