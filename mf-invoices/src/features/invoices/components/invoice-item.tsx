import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@varco/contracts';
import { formatAmount, formatDate, InvoiceStatusBadge } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { ExitDeadlineNotice } from './exit-deadline-notice';
import { isBeforeExitDeadline } from '../utils/exit-deadline';

/** One invoice in a list: number (to its detail), vendor, issue date, days left to leave the EU, amount in EUR and status badge. */
export function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <li className="list-group-item" data-testid="invoice-item">
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <div>
          <Link to={`/protected/invoice/${invoice.idRichiestaRimborso}`} className="fw-semibold">
            {t('item.number', { number: invoice.invoiceNumber })}
          </Link>
          <div>{invoice.vendorName}</div>
          <small className="d-block text-muted">{t('item.issuedOn', { date: formatDate(invoice.emissionDate, i18n.language) })}</small>
          <ExitDeadlineNotice invoice={invoice} className="small" />
        </div>
        <div className="text-end ms-auto">
          <div className="fw-semibold" data-testid="invoice-amount">
            {formatAmount(invoice.totalAmount, i18n.language)}
          </div>
          <InvoiceStatusBadge stateCode={invoice.stateCode} inCompletion={invoice.inCompletion} exitDeadlinePassed={!isBeforeExitDeadline(invoice.exitDeadline)} />
        </div>
      </div>
    </li>
  );
}
