import { useTranslation } from 'react-i18next';
import { InvoiceState } from '@varco/contracts';
import { InvoiceStatusBadge, StatusLegend } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** docs/domain.md invoice states, each with its badge and what it means for the traveler. */
export function InvoiceStatusLegend() {
  const { t } = useTranslation(NS);
  return (
    <StatusLegend
      name="invoice-legend"
      title={t('legend.title')}
      entries={[
        { key: 'available', badge: <InvoiceStatusBadge stateCode={InvoiceState.AVAILABLE} />, text: t('legend.available') },
        { key: 'expired', badge: <InvoiceStatusBadge stateCode={InvoiceState.AVAILABLE} exitDeadlinePassed />, text: t('legend.expired') },
        { key: 'in-progress', badge: <InvoiceStatusBadge stateCode={InvoiceState.IN_REQUEST} />, text: t('legend.inProgress') },
        { key: 'granted', badge: <InvoiceStatusBadge stateCode={InvoiceState.GRANTED} />, text: t('legend.granted') },
        { key: 'in-completion', badge: <InvoiceStatusBadge stateCode={InvoiceState.GRANTED} inCompletion />, text: t('legend.inCompletion') },
        { key: 'customs-check', badge: <InvoiceStatusBadge stateCode={InvoiceState.CUSTOMS_CHECK} />, text: t('legend.customsCheck') },
        { key: 'not-selected', badge: <InvoiceStatusBadge stateCode={InvoiceState.NOT_SELECTED} />, text: t('legend.notSelected') },
        { key: 'denied', badge: <InvoiceStatusBadge stateCode={InvoiceState.DENIED} />, text: t('legend.denied') },
      ]}
    />
  );
}
