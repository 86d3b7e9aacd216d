import { useTranslation } from 'react-i18next';
import { VisaState } from '@varco/contracts';
import { StatusLegend, VisaStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** docs/domain.md visa request states, each with its badge and what it means for the traveler. */
export function VisaStatusLegend() {
  const { t } = useTranslation(NS);
  return (
    <StatusLegend
      name="visa-legend"
      title={t('legend.title')}
      entries={[
        { key: 'pending', badge: <VisaStatusBadge stateCode={VisaState.PENDING} />, text: t('legend.pending') },
        { key: 'risk-analysis', badge: <VisaStatusBadge stateCode={VisaState.PENDING} riskAnalysis />, text: t('legend.riskAnalysis') },
        { key: 'expired', badge: <VisaStatusBadge stateCode={VisaState.EXPIRED} />, text: t('legend.expired') },
        { key: 'customs-check', badge: <VisaStatusBadge stateCode={VisaState.CUSTOMS_CHECK} />, text: t('legend.customsCheck') },
        { key: 'in-completion', badge: <VisaStatusBadge stateCode={VisaState.IN_COMPLETION} />, text: t('legend.inCompletion') },
        { key: 'completed', badge: <VisaStatusBadge stateCode={VisaState.COMPLETED} />, text: t('legend.completed') },
      ]}
    />
  );
}
