import { useTranslation } from 'react-i18next';
import { InvoiceLegend } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** docs/domain.md invoice states, each with its badge and what it means for the traveler. */
export function InvoiceStatusLegend() {
  const { t } = useTranslation(NS);
  const texts = {
    title: t('legend.title'),
    available: t('legend.available'),
    expired: t('legend.expired'),
    inProgress: t('legend.inProgress'),
    granted: t('legend.granted'),
    inCompletion: t('legend.inCompletion'),
    customsCheck: t('legend.customsCheck'),
    notSelected: t('legend.notSelected'),
    denied: t('legend.denied'),
  };
  return <InvoiceLegend texts={texts} />;
}
