import { useTranslation } from 'react-i18next';
import { InvoiceState } from '@varco/contracts';
import { InvoiceStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';

/** docs/domain.md invoice states, each with its badge and what it means for the traveler. */
export function InvoiceStatusLegend() {
  const { t } = useTranslation(NS);
  const entries = [
    { key: 'available', stateCode: InvoiceState.AVAILABLE, inCompletion: false, text: t('legend.available') },
    { key: 'expired', stateCode: InvoiceState.AVAILABLE, inCompletion: false, exitDeadlinePassed: true, text: t('legend.expired') },
    { key: 'in-progress', stateCode: InvoiceState.IN_REQUEST, inCompletion: false, text: t('legend.inProgress') },
    { key: 'granted', stateCode: InvoiceState.GRANTED, inCompletion: false, text: t('legend.granted') },
    { key: 'in-completion', stateCode: InvoiceState.GRANTED, inCompletion: true, text: t('legend.inCompletion') },
    { key: 'customs-check', stateCode: InvoiceState.CUSTOMS_CHECK, inCompletion: false, text: t('legend.customsCheck') },
    { key: 'not-selected', stateCode: InvoiceState.NOT_SELECTED, inCompletion: false, text: t('legend.notSelected') },
    { key: 'denied', stateCode: InvoiceState.DENIED, inCompletion: false, text: t('legend.denied') },
  ];
  return (
    <section aria-labelledby="invoice-legend-title" data-testid="invoice-legend">
      <h2 className="h5" id="invoice-legend-title">
        {t('legend.title')}
      </h2>
      <ul className="list-unstyled mb-0">
        {entries.map((entry) => (
          <li key={entry.key} className="d-flex align-items-baseline gap-2 mb-2">
            <InvoiceStatusBadge stateCode={entry.stateCode} inCompletion={entry.inCompletion} exitDeadlinePassed={entry.exitDeadlinePassed} />
            <span>{entry.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
