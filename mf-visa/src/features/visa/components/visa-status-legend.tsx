import { useTranslation } from 'react-i18next';
import { VisaState } from '@varco/contracts';
import { VisaStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** docs/domain.md visa request states, each with its badge and what it means for the traveler. */
export function VisaStatusLegend() {
  const { t } = useTranslation(NS);
  const entries = [
    { key: 'pending', stateCode: VisaState.PENDING, riskAnalysis: false, text: t('legend.pending') },
    { key: 'risk-analysis', stateCode: VisaState.PENDING, riskAnalysis: true, text: t('legend.riskAnalysis') },
    { key: 'expired', stateCode: VisaState.EXPIRED, riskAnalysis: false, text: t('legend.expired') },
    { key: 'customs-check', stateCode: VisaState.CUSTOMS_CHECK, riskAnalysis: false, text: t('legend.customsCheck') },
    { key: 'in-completion', stateCode: VisaState.IN_COMPLETION, riskAnalysis: false, text: t('legend.inCompletion') },
    { key: 'completed', stateCode: VisaState.COMPLETED, riskAnalysis: false, text: t('legend.completed') },
  ];
  return (
    <section aria-labelledby="visa-legend-title" data-testid="visa-legend">
      <h2 className="h5" id="visa-legend-title">
        {t('legend.title')}
      </h2>
      <ul className="list-unstyled mb-0">
        {entries.map((entry) => (
          <li key={entry.key} className="d-flex align-items-baseline gap-2 mb-2">
            <VisaStatusBadge stateCode={entry.stateCode} riskAnalysis={entry.riskAnalysis} />
            <span>{entry.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
