// The face of the visa feature: what the app and the wizard may use. Its other files are its own.
export { useUsableInvoices } from './api/get-usable-invoices';
export { loadShownVisa, useVisa } from './api/get-visa';
export { usePendingVisa } from './api/get-visa-list';
export { AddVisaButton } from './components/add-visa-button';
export { LatestVisas } from './components/latest-visas';
export { VisaDetailPage } from './components/visa-detail-page';
export { VisaListPage } from './components/visa-list-page';
export { VisaStatusLegend } from './components/visa-status-legend';
