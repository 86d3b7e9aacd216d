import { Route, Routes } from 'react-router-dom';
import { mountDevHost } from '@varco/ui/dev-host';
import { InvoiceStatusLegend } from './features/invoices';
import LatestInvoices from './exposed/latest-invoices';
import InvoicesRoutes from './exposed/routes';

// Standalone development: the routes under the prefix the shell gives them, and the widgets at /protected.
void mountDevHost('mf-invoices', () => (
  <Routes>
    <Route path="/protected/invoice/*" element={<InvoicesRoutes />} />
    <Route
      path="*"
      element={
        <div className="row g-4">
          <div className="col-lg-6">
            <LatestInvoices />
          </div>
          <div className="col-lg-6">
            <InvoiceStatusLegend />
          </div>
        </div>
      }
    />
  </Routes>
));
