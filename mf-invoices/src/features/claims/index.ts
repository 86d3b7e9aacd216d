// The face of the claims feature (docs/domain.md, "Claims"): what the app and the invoices feature may use.
export { ClaimsPage } from './components/claims-page';
export { MissingInvoicePage } from './components/missing-invoice-page';
export { WrongInvoiceForm } from './components/wrong-invoice-form';
export { useOpenClaimAbout } from './api/get-claims';
