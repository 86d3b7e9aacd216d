// The typology module's face (api/README.md, "Modules"): the reference data (countries, documents, transports, airports).
export { typologyRoutes } from './routes';
export { referenceQueries, type TravelCodes } from './reference-queries';
export { labelColumn, type LabelColumn } from './labels';
