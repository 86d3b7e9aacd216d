// The visas module's face (api/README.md, "Modules"): the customs visa requests and their transitions.
export { visaRoutes, type VisaRoutesOptions } from './routes';
export { createVisaService, type VisaService } from './service';
export {
  analyseRisk,
  decideInvoices,
  exitScanTransition,
  expireDue,
  grantAtExit,
  writeExitScan,
  type AnalyseRiskOptions,
  type ExitActor,
  type ExitScanRequest,
  type Transition as VisaTransition,
} from './transitions';
export { hasPendingVisa, homeVisaRequestCount } from './repository';
export { visaStateDescription } from './visa-view';
export { visaExpiryPlugin, type VisaExpiryOptions } from './expiry-job';
