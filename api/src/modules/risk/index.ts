// The risk module's face (api/README.md, "Modules"): the risk analysis of a visa request.
export { riskInputOf } from './history';
export { describeRiskReason, describeRiskReasons } from './reasons';
export { scoreRisk } from './score';
