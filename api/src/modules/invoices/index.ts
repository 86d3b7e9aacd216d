// The invoices module's face (api/README.md, "Modules"). The SQL fragments of the invoice table are exported for the
// modules whose queries join it (visas, notifications): the invoice table's rules stay written once, here.
export { invoiceRoutes } from './routes';
export { createInvoiceService, toInvoice } from './service';
export { invoiceStateOf } from './states';
export { heldBy, homeInvoiceCounts, invoiceColumns, type InvoiceRow } from './repository';
