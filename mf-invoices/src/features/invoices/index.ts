// The face of the invoices feature: what the app may use. Its other files are its own.
export { InvoiceDetailPage } from './components/invoice-detail-page';
export { InvoiceClaimPage } from './components/invoice-claim';
export { InvoiceListPage } from './components/invoice-list-page';
export { InvoiceStatusLegend } from './components/invoice-status-legend';
export { LatestInvoices } from './components/latest-invoices';
