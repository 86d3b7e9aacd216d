import { useTranslation } from 'react-i18next';
import { isInvoiceAvailable, type Invoice } from '@varco/contracts';
import { NS } from '../../../i18n/namespace';
import { exitDeadlineStatus } from '../utils/exit-deadline';

/**
 * How many days an available invoice has left before its exit deadline (counted in Italy). Fewer than
 * EXIT_WARNING_DAYS days get the warning colour and words that say so ("only", "last day", "passed"): the colour
 * is never the only sign.
 * Nothing for an invoice that is no longer available: its deadline no longer asks anything of the traveler.
 */
export function ExitDeadlineNotice({
  invoice,
  className = '',
}: {
  invoice: Pick<Invoice, 'stateCode' | 'exitDeadline'>;
  className?: string;
}) {
  const { t } = useTranslation(NS);
  if (!isInvoiceAvailable(invoice.stateCode)) return null;
  const status = exitDeadlineStatus(invoice.exitDeadline);
  if (!status) return null;
  const { daysLeft, warning } = status;
  let text;
  if (daysLeft < 0) text = t('exit.passed');
  else if (daysLeft === 0) text = t('exit.lastDay');
  else if (warning) text = t('exit.fewDaysLeft', { count: daysLeft });
  else text = t('exit.daysLeft', { count: daysLeft });
  return (
    <span
      className={`d-block ${warning ? 'text-warning fw-semibold' : 'text-muted'} ${className}`.trim()}
      data-testid="exit-deadline"
      data-warning={warning}
    >
      {text}
    </span>
  );
}
