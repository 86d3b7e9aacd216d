// The travelers module's face (api/README.md, "Modules"): the traveler accounts, and the registration rules the
// digital identity's completion (spid) applies too.
export { travelerPrivateRoutes, travelerPublicRoutes } from './routes';
export {
  accountRuleProblem,
  duplicateFields,
  isRealIsoDay,
  residenceAndDocumentColumns,
  residenceAndDocumentProblems,
  type FieldProblems,
} from './field-problems';
export { findAccountByDocument, findAccountByEmail } from './repository';
