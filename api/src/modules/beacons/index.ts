// The beacons module's face (api/README.md, "Modules"): the browsers' reports, counted into the metrics.
export { beaconRoutes } from './routes';
export type { BeaconRoutesOptions } from './routes';
