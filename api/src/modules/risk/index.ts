// The risk module's face (api/README.md, "Modules"): the risk analysis of a visa request.
export { riskInput, riskInputOf, type RiskFacts } from './history';
export { previousCustomsChecks, previousDenials } from './repository';
export { describeRiskReason, describeRiskReasons } from './reasons';
export { scoreRisk } from './score';
