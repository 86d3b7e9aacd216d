// The merchants module's face (api/README.md, "Modules"): the calls of the merchants' systems, and what the claims
// module writes and reads of theirs (invoices in its transaction, the shops travelers find, the merchant's contact).
export { merchantRoutes, requireMerchantKey } from './routes';
export {
  createMerchantService,
  duplicateInvoice,
  findShops,
  invoiceAmountProblems,
  merchantContactOf,
  merchantInvoiceOf,
  shopOf,
  writeCreditNote,
  writeInvoice,
  type Shop,
} from './service';
export type { MerchantContact, MerchantRecord } from './repository';
// The shapes the OpenAPI document names (src/openapi/components.ts), and the errors of the merchants' calls.
export { merchantErrors, merchantInvoiceSchema, type MerchantInvoice } from './schemas';
