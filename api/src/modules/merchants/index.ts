// The merchants module's face (api/README.md, "Modules"): the calls of the merchants' systems.
export { merchantRoutes } from './routes';
export { createMerchantService } from './service';
// The shape the OpenAPI document names (src/openapi/components.ts).
export { merchantInvoiceSchema } from './schemas';
