import { PageLoader } from '@varco/ui';
import { Navigate, Route, Routes } from 'react-router-dom';
import type { RoutesProps } from '@varco/federation-contract';
import { ClaimsPage, MissingInvoicePage } from '../features/claims';
import { InvoiceClaimPage, InvoiceDetailPage, InvoiceListPage } from '../features/invoices';
import { WhenTranslated } from '@varco/i18n';
import { NS, registerTranslations } from '../i18n/namespace';

registerTranslations();

/** mf-invoices/routes, mounted by the shell under /protected/invoice; paths are relative to it. */
export default function InvoicesRoutes(_props: RoutesProps) {
  return (
    <WhenTranslated ns={NS} fallback={<PageLoader />}>
      <Routes>
        <Route index element={<InvoiceListPage />} />
        {/* docs/screens.md: /protected/invoice/create is the same detail view, the refund id then in ?id=; without one it is not found. */}
        <Route path="create" element={<InvoiceDetailPage />} />
        <Route path=":id" element={<InvoiceDetailPage />} />
        {/* docs/domain.md, "Claims": the traveler's claims to shops, a missing invoice, a wrong one. */}
        <Route path="claims" element={<ClaimsPage />} />
        <Route path="claims/missing" element={<MissingInvoicePage />} />
        <Route path=":id/claim" element={<InvoiceClaimPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </WhenTranslated>
  );
}
