import { useTranslation } from 'react-i18next';
import { HOME_INVOICES_LIMIT } from '@varco/contracts';
import { EmptyState, LoadError, PageLoader } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useLatestInvoices } from '../api/get-latest-invoices';
import { InvoiceItem } from './invoice-item';

/** docs/screens.md /protected home: the latest 4 invoices (the shell gives the heading and the View all link). */
export function LatestInvoices() {
  const { t } = useTranslation(NS);
  const query = useLatestInvoices();
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <LoadError message={t('latest.loadError')} />;
  if (query.data.invoices.length === 0) return <EmptyState kind="invoices" />;
  return (
    <ul className="list-group" data-testid="latest-invoices">
      {query.data.invoices.slice(0, HOME_INVOICES_LIMIT).map((invoice) => (
        <InvoiceItem key={invoice.idRichiestaRimborso} invoice={invoice} />
      ))}
    </ul>
  );
}
