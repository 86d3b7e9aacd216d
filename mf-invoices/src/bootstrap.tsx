import { mountDevHost } from '@varco/ui/dev-host';
import { InvoiceStatusLegend } from './features/invoices';
import LatestInvoices from './exposed/latest-invoices';
import InvoicesRoutes from './exposed/routes';

// Standalone development: the routes under the prefix the shell gives them, and the widgets at any other address.
void mountDevHost('mf-invoices', {
  mounts: [{ path: '/protected/invoice/*', element: <InvoicesRoutes /> }],
  widgets: [<LatestInvoices />, <InvoiceStatusLegend />],
});
