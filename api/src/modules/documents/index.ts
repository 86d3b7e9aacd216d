// The documents module's face (api/README.md, "Modules"): the PDFs handed to travelers.
export { renderInvoiceReleasePdf } from './invoice-release-pdf';
export { renderVisaPdf } from './visa-pdf';
// The fonts loaded so far, and sample documents, for the benches and the previews.
export { loadedFonts } from './pdf-fonts';
export { SAMPLE_GRANTED_INVOICE, SAMPLE_PENDING_INVOICE, SAMPLE_TRAVELER } from './samples';
export type { InvoiceReleaseDocument } from './invoice-release-pdf';
