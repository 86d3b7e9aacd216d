import { useTranslation } from 'react-i18next';
import { VisaLegend } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** docs/domain.md visa request states, each with its badge and what it means for the traveler. */
export function VisaStatusLegend() {
  const { t } = useTranslation(NS);
  const texts = {
    title: t('legend.title'),
    pending: t('legend.pending'),
    riskAnalysis: t('legend.riskAnalysis'),
    expired: t('legend.expired'),
    customsCheck: t('legend.customsCheck'),
    inCompletion: t('legend.inCompletion'),
    completed: t('legend.completed'),
  };
  return <VisaLegend texts={texts} />;
}
