// The merchants module's face (api/README.md, "Modules"): the calls of the merchants' systems.
export { merchantRoutes } from './routes';
export { createMerchantService } from './service';
