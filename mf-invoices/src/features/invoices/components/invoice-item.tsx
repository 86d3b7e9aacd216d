import { useTranslation } from 'react-i18next';
import type { Invoice } from '@varco/contracts';
import { formatAmount, formatDate, InvoiceStatusBadge, RecordItem } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { ExitDeadlineNotice } from './exit-deadline-notice';
import { isBeforeExitDeadline } from '../utils/exit-deadline';

/** One invoice in a list: number (to its detail), vendor, issue date, days left to leave the EU, amount in EUR and status badge. */
export function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation(NS);
  const badge = (
    <InvoiceStatusBadge
      stateCode={invoice.stateCode}
      inCompletion={invoice.inCompletion}
      exitDeadlinePassed={!isBeforeExitDeadline(invoice.exitDeadline)}
    />
  );
  return (
    <RecordItem
      name="invoice"
      to={`/protected/invoice/${invoice.idRichiestaRimborso}`}
      title={t('item.number', { number: invoice.invoiceNumber })}
      amount={formatAmount(invoice.totalAmount, i18n.language)}
      badge={badge}
    >
      {/* Isolated: a name written left to right keeps its punctuation on a right-to-left page. */}
      <div>
        <span dir="auto">{invoice.vendorName}</span>
      </div>
      <small className="d-block text-muted">
        {t('item.issuedOn', { date: formatDate(invoice.emissionDate, i18n.language) })}
      </small>
      <ExitDeadlineNotice invoice={invoice} className="small" />
    </RecordItem>
  );
}
