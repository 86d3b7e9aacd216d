import type { WidgetProps } from '@varco/federation-contract';
import { LatestInvoices as LatestInvoicesList } from '../features/invoices';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-invoices/LatestInvoices: the home widget with the latest 4 invoices. */
export default function LatestInvoices(_props: WidgetProps) {
  return <LatestInvoicesList />;
}
