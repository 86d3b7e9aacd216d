import { useTranslation } from 'react-i18next';
import { LatestList } from '@varco/ui';
import { NS } from '../../../i18n/namespace';
import { useLatestInvoices } from '../api/get-latest-invoices';
import { InvoiceItem } from './invoice-item';

/** docs/screens.md /protected home: the latest 4 invoices (the shell gives the heading and the View all link). */
export function LatestInvoices() {
  const { t } = useTranslation(NS);
  const query = useLatestInvoices();
  return (
    <LatestList kind="invoices" query={query} itemsOf={(data) => data.invoices} loadError={t('latest.loadError')}>
      {(invoice) => <InvoiceItem key={invoice.idRichiestaRimborso} invoice={invoice} />}
    </LatestList>
  );
}
