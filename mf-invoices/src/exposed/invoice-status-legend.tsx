import type { WidgetProps } from '@varco/contracts';
import { InvoiceStatusLegend as Legend } from '../features/invoices/components/invoice-status-legend';
import { registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-invoices/InvoiceStatusLegend: the invoice states of SPEC §4 with their badges. */
export default function InvoiceStatusLegend(_props: WidgetProps) {
  return <Legend />;
}
